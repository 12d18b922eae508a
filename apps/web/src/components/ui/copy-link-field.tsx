import { CopyOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { toast } from '../../lib/messages';

export type CopyLinkTexts = {
  /** The field's label. */
  label: string;
  /** The copy button. */
  copy: string;
  /** Told once the link is on the clipboard. */
  copied: string;
  /** Told when the browser refused the clipboard. */
  copyFailed: string;
};

type CopyLinkFieldProps = {
  /** The input's id, for its label. */
  id: string;
  link: string;
  texts: CopyLinkTexts;
  labelClassName: string;
  'data-testid'?: string;
};

/** A link to share: labelled, read-only (selected whole on focus), with a button that copies it. */
export function CopyLinkField({ id, link, texts, labelClassName, 'data-testid': testId }: CopyLinkFieldProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(texts.copied);
    } catch {
      toast.error(texts.copyFailed);
    }
  };
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {texts.label}
      </label>
      <Space.Compact block>
        <Input id={id} readOnly value={link} onFocus={(event) => event.target.select()} data-testid={testId} />
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          {texts.copy}
        </Button>
      </Space.Compact>
    </>
  );
}
