import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { avatarMaxBytes, avatarTypes } from '@sbo/contracts';
import { Avatar, Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/messages';
import { useSaveProfile } from '../api/profile';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** The profile picture and its upload: PNG or JPEG up to 2 MB, checked here and again by the api. */
export function AvatarUpload({ avatar }: { avatar: string | null }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const save = useSaveProfile();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!(avatarTypes as readonly string[]).includes(file.type)) return toast.error(t('profile.avatarType'));
    if (file.size > avatarMaxBytes) return toast.error(t('profile.avatarSize'));
    save.mutate({ avatar: await readAsDataUrl(file) }, { onSuccess: () => toast.success(t('profile.avatarSaved')) });
  };

  return (
    <div className="profile-avatar">
      <Avatar size={96} src={avatar ?? undefined} icon={<UserOutlined aria-hidden />} alt={t('profile.avatar')} />
      <input
        ref={input}
        type="file"
        accept={avatarTypes.join(',')}
        className="visually-hidden"
        aria-label={t('profile.avatarUpload')}
        data-testid="avatar-input"
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <div>
        <Button icon={<UploadOutlined aria-hidden />} loading={save.isPending} onClick={() => input.current?.click()}>
          {t('profile.avatarUpload')}
        </Button>
        <p className="profile-hint">{t('profile.avatarHint')}</p>
      </div>
    </div>
  );
}
