import { NotificationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { usePainted } from '../../utils/use-painted';
import { App, Button, Modal, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMark } from '../../components/LanguageMark';
import { languageInfo } from '../../locales/languages';
import { getAnnouncement } from '../../services/announcement';
import { useLocaleStore } from '../../stores/locale';
import { useReaderLanguages } from '../../utils/reader-languages';
import {
  announcementHash,
  decideAnnouncement,
  dismissKey,
  localizedAnnouncement,
} from './announcement-logic';

function readDismissed(owner: string): string | null {
  try {
    return localStorage.getItem(dismissKey(owner));
  } catch {
    return null;
  }
}

/**
 * The sign-in announcement popup (spec section 4): shown when switched on and within its
 * window, until dismissed; "no more reminders" stores the choice against a hash of the content.
 * A failed fetch shows 'Error getting announcement!'; a missing endpoint (404) shows nothing.
 */
export function AnnouncementModal({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useLocaleStore((s) => s.language);
  const readerLanguages = useReaderLanguages();
  const [closed, setClosed] = useState(false);
  const painted = usePainted();
  const query = useQuery({
    queryKey: ['announcement', owner],
    enabled: painted,
    queryFn: getAnnouncement,
    staleTime: Infinity,
    retry: false,
  });

  useEffect(() => {
    if (query.isError) void message.error({ content: t('announcement.fetchFailed'), key: 'announcement' });
  }, [query.isError, message, t]);

  const announcement = query.data;
  const decision = useMemo(
    () => decideAnnouncement(announcement, Date.now(), readDismissed(owner)),
    [announcement, owner],
  );

  useEffect(() => {
    if (!decision.clearDismissal) return;
    try {
      localStorage.removeItem(dismissKey(owner));
    } catch {
      // Nothing stored that could be cleared.
    }
  }, [decision.clearDismissal, owner]);

  if (!announcement || !decision.show) return null;
  const shown = localizedAnnouncement(announcement, readerLanguages);
  const { title, content } = shown;
  const lang = shown.language ? languageInfo(shown.language).tag : undefined;

  const noMore = () => {
    try {
      localStorage.setItem(dismissKey(owner), announcementHash(announcement));
    } catch {
      // Without storage the popup simply shows again next time.
    }
    setClosed(true);
  };

  return (
    <Modal
      open={!closed}
      title={
        <span>
          <NotificationOutlined style={{ marginInlineEnd: 8 }} />
          <span lang={title ? lang : undefined}>{title || t('announcement.title')}</span>
          {/* Not in the reader's language: the language shown, named in itself. */}
          <LanguageMark language={shown.language} current={language} />
        </span>
      }
      onCancel={() => setClosed(true)}
      mask={{ closable: false }}
      data-testid="announcement"
      footer={[
        <Button key="noMore" onClick={noMore} data-testid="announcement-no-more">
          {t('announcement.noMore')}
        </Button>,
        <Button key="close" type="primary" onClick={() => setClosed(true)}>
          {t('announcement.close')}
        </Button>,
      ]}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} lang={lang}>
        {content}
      </Typography.Paragraph>
    </Modal>
  );
}
