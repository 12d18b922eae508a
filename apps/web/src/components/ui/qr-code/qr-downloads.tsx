import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/save-file';
import { qrPngBlob, qrSvgDocument } from './qr-files';
import { useQrMatrix } from './use-qr-matrix';

type QrDownloadsProps = { text: string; caption: string; fileName: string };

/** Characters some systems refuse in a file name. */
const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '') || 'qr-code';

/** Saves the code with its caption as a PNG (to print or send) or an SVG (to a sticker designer). */
export function QrDownloads({ text, caption, fileName }: QrDownloadsProps) {
  const { t } = useTranslation();
  const matrix = useQrMatrix(text);
  const name = safeFileName(fileName);
  const savePng = async () => {
    if (matrix) saveFile(await qrPngBlob(matrix, caption), `${name}.png`);
  };
  const saveSvg = () => {
    if (matrix) saveFile(new Blob([qrSvgDocument(matrix, caption)], { type: 'image/svg+xml' }), `${name}.svg`);
  };
  return (
    <Space wrap className="qr-downloads">
      <Button icon={<DownloadOutlined aria-hidden />} disabled={!matrix} onClick={() => void savePng()}>
        {t('qrCode.downloadPng')}
      </Button>
      <Button icon={<DownloadOutlined aria-hidden />} disabled={!matrix} onClick={saveSvg}>
        {t('qrCode.downloadSvg')}
      </Button>
    </Space>
  );
}
