import { NotificationOutlined } from '@ant-design/icons';
import type { AnnouncementTexts, Language } from '@apm/contract';
import { Button, Empty, Modal, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedAnnouncement } from '../../layouts/announcement/announcement-logic';
import { languageInfo } from '../../locales/languages';

/**
 * The popup as users will see it, in each of its languages (the same layout as the sign-in popup); it
 * opens in the language the editing user would be shown.
 */
export function AnnouncementPreview({
  open,
  texts,
  readerLanguages,
  onClose,
}: {
  open: boolean;
  texts: AnnouncementTexts;
  /** The editing user's languages, best first. */
  readerLanguages: readonly Language[];
  onClose(): void;
}) {
  const { t } = useTranslation(['announcements', 'translation']);
  const available = (Object.keys(texts) as Language[]).filter((l) => texts[l]);
  const [chosen, setChosen] = useState<Language | null>(
    () => localizedAnnouncement({ texts }, readerLanguages).language,
  );
  const language = chosen && texts[chosen] ? chosen : (available[0] ?? null);
  const { title, content } = language ? texts[language]! : { title: '', content: '' };
  const lang = language ? languageInfo(language).tag : undefined;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      data-testid="announcement-preview"
      title={
        <span>
          <NotificationOutlined style={{ marginInlineEnd: 8 }} />
          <span lang={title ? lang : undefined}>{title || t('translation:announcement.title')}</span>
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
      {available.length > 1 && language ? (
        <Segmented<Language>
          value={language}
          onChange={setChosen}
          aria-label={t('previewLanguage')}
          options={available.map((l) => ({
            value: l,
            label: <span lang={languageInfo(l).tag}>{languageInfo(l).label}</span>,
          }))}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {title || content ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} lang={lang}>
          {content}
        </Typography.Paragraph>
      ) : (
        <Empty description={t('previewEmpty')} />
      )}
    </Modal>
  );
}
