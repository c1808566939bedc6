import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES } from '@apm/contract';
import { App, Avatar, Button, Flex, Progress, Typography, Upload, type UploadProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_UPLOAD_URL } from '../../services/account';

/** Props of {@link AvatarUpload}. */
export interface AvatarUploadProps {
  /** The current avatar URL. */
  src: string | null;
  /** Called with the new URL after a successful upload. */
  onUploaded: (url: string) => void;
}

type Answer = {
  code?: number;
  msg?: string;
  data?: { avatar?: string };
  jsonObject?: { fields?: { file?: string } };
};

/**
 * The own picture with "change picture": the chosen file is previewed at once and uploaded with
 * a progress bar; the server checks it is an image of at most 5 MB and makes it a square.
 */
export function AvatarUpload({ src, onUploaded }: AvatarUploadProps) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [preview, setPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const failed = (answer: Answer | undefined) => {
    const field = answer?.jsonObject?.fields?.file;
    void message.error(
      field === 'tooLarge'
        ? t('avatar.tooLarge')
        : field === 'notImage'
          ? t('avatar.notImage')
          : t('avatar.failed'),
    );
    setPreview(null);
  };

  const props: UploadProps = {
    name: 'file',
    action: AVATAR_UPLOAD_URL,
    withCredentials: true,
    accept: 'image/png,image/jpeg,image/gif,image/webp',
    showUploadList: false,
    maxCount: 1,
    beforeUpload: (file) => {
      if (file.size > AVATAR_MAX_BYTES) {
        void message.error(t('avatar.tooLarge'));
        return Upload.LIST_IGNORE;
      }
      setPreview(URL.createObjectURL(file));
      setPercent(0);
      return true;
    },
    onChange: ({ file }) => {
      if (file.status === 'uploading') setPercent(Math.round(file.percent ?? 0));
      if (file.status === 'done') {
        setPercent(null);
        const answer = file.response as Answer | undefined;
        if (answer?.code === 0 && answer.data?.avatar) {
          void message.success(t('avatar.uploaded'));
          onUploaded(answer.data.avatar);
          setPreview(null);
        } else failed(answer);
      }
      if (file.status === 'error') {
        setPercent(null);
        failed(file.response as Answer | undefined);
      }
    },
  };

  return (
    <Flex vertical align="center" gap={8} style={{ width: 160 }} data-testid="avatar-upload">
      <Avatar size={96} src={preview ?? src ?? undefined} icon={<UserOutlined />} alt={t('avatar.preview')} />
      {percent !== null ? <Progress percent={percent} size="small" style={{ width: 120 }} /> : null}
      <Upload {...props}>
        <Button icon={<UploadOutlined />} loading={percent !== null} data-testid="avatar-button">
          {t('avatar.change')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
        {t('avatar.hint')}
      </Typography.Text>
    </Flex>
  );
}
