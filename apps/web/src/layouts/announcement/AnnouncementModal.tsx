import { NotificationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAnnouncement } from '../../services/announcement';
import { useLocaleStore } from '../../stores/locale';
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
  const [closed, setClosed] = useState(false);
  const query = useQuery({
    queryKey: ['announcement', owner],
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
  const { title, content } = localizedAnnouncement(announcement, language === 'CN' || language === 'HK');

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
          {title || t('announcement.title')}
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
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
        {content}
      </Typography.Paragraph>
    </Modal>
  );
}
