import { NotificationOutlined } from '@ant-design/icons';
import type { Announcement } from '@apm/contract';
import { Button, Empty, Modal, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedAnnouncement } from '../../layouts/announcement/announcement-logic';

/** The popup as users will see it, in Chinese or English (the same layout as the sign-in popup). */
export function AnnouncementPreview({
  open,
  announcement,
  chineseFirst,
  onClose,
}: {
  open: boolean;
  announcement: Announcement;
  chineseFirst: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation(['announcements', 'translation']);
  const [chinese, setChinese] = useState(chineseFirst);
  const { title, content } = localizedAnnouncement(announcement, chinese);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      data-testid="announcement-preview"
      title={
        <span>
          <NotificationOutlined style={{ marginInlineEnd: 8 }} />
          {title || t('translation:announcement.title')}
        </span>
      }
      footer={[
        <Button key="noMore" disabled>
          {t('translation:announcement.noMore')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('translation:announcement.close')}
        </Button>,
      ]}
    >
      <Segmented
        value={chinese ? 'ch' : 'en'}
        onChange={(v) => setChinese(v === 'ch')}
        options={[
          { value: 'ch', label: t('previewChinese') },
          { value: 'en', label: t('previewEnglish') },
        ]}
        style={{ marginBottom: 12 }}
      />
      {title || content ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          {content}
        </Typography.Paragraph>
      ) : (
        <Empty description={t('previewEmpty')} />
      )}
    </Modal>
  );
}
