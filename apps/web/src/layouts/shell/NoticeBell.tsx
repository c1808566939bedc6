import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePainted } from '../../utils/use-painted';
import { Badge, Button, Empty, Flex, Popover, Spin, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMark } from '../../components/LanguageMark';
import { PopupOnFirstUse } from '../../components/PopupOnFirstUse';
import { languageInfo } from '../../locales/languages';
import {
  listNotifications,
  notificationText,
  updateReadState,
  type NotificationPage,
} from '../../services/notifications';
import { useLocaleStore } from '../../stores/locale';
import { useReaderLanguages } from '../../utils/reader-languages';

/** The page the bell's "view all" leads to. */
const NOTIFICATIONS_PATH = '/sysManage/messageNotification';

/** Query key of the bell's list (page 1, size 10). */
export const noticeQueryKey = (userId: number | string) => ['notifications', 'bell', userId] as const;

/**
 * Header notice bell (spec sections 1 and 4): the unread count; opening it fetches page 1 of
 * 10 and marks every listed unread message read. Render it only for users holding
 * `sys:messageNotification:view`.
 */
export function NoticeBell({ userId }: { userId: number | string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const language = useLocaleStore((s) => s.language);
  const readerLanguages = useReaderLanguages();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const painted = usePainted();
  const query = useQuery({
    queryKey: noticeQueryKey(userId),
    enabled: painted,
    queryFn: () => listNotifications({ userId, pageNo: 1, pageSize: 10 }),
    staleTime: 60_000,
    // New notifications (a review decision, a submission to review) show without a reload.
    refetchInterval: 60_000,
  });

  const markListedRead = async (page: NotificationPage) => {
    const unreadIds = page.list.filter((n) => n.readState === '0').map((n) => n.id);
    if (unreadIds.length === 0) return;
    try {
      await updateReadState(unreadIds, '1');
      queryClient.setQueryData<NotificationPage>(noticeQueryKey(userId), (old) =>
        old
          ? {
              ...old,
              unread: Math.max(0, old.unread - unreadIds.length),
              list: old.list.map((n) => (unreadIds.includes(n.id) ? { ...n, readState: '1' } : n)),
            }
          : old,
      );
    } catch {
      // The count stays as it was; the next opening tries again.
    }
  };

  const onOpenChange = async (next: boolean) => {
    setOpen(next);
    if (!next) return;
    const result = await query.refetch();
    if (result.data) await markListedRead(result.data);
  };

  const unread = query.data?.unread ?? 0;
  const name = unread > 0 ? t('shell.noticesUnread', { count: unread }) : t('shell.notices');
  const content =
    query.isFetching && !query.data ? (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    ) : query.isError ? (
      <Typography.Text type="secondary">{t('shell.noticesFailed')}</Typography.Text>
    ) : query.data && query.data.list.length > 0 ? (
      // antd 6.6 deprecates List: a plain list of rows does the same here.
      <Flex vertical role="list">
        {query.data.list.map((n) => {
          // In the reader's language, else the fallback, marked with its language.
          const shown = notificationText(n, readerLanguages);
          return (
            <Flex
              key={n.id}
              role="listitem"
              vertical
              style={{
                minWidth: 0,
                padding: '8px 0',
                borderBottom: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <Flex align="center" style={{ minWidth: 0 }}>
                <Typography.Text
                  strong={n.readState === '0'}
                  ellipsis={{ tooltip: true }}
                  lang={shown.language ? languageInfo(shown.language).tag : undefined}
                >
                  {shown.text || '—'}
                </Typography.Text>
                <LanguageMark language={shown.language} current={language} />
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {n.createDate ? dayjs(n.createDate).format('YYYY-MM-DD HH:mm:ss') : ''}
              </Typography.Text>
            </Flex>
          );
        })}
      </Flex>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.noNotices')} />
    );

  return (
    <PopupOnFirstUse
      open={open}
      onOpenChange={(next) => void onOpenChange(next)}
      popup={(trigger, state) => (
        <Popover
          {...state}
          trigger="click"
          placement="bottomRight"
          title={t('shell.notices')}
          content={
            <div
              style={{ width: 'min(320px, 80vw)', maxHeight: 400, overflow: 'auto' }}
              data-testid="notice-list"
            >
              {content}
              <Flex justify="flex-end" style={{ marginTop: 8 }}>
                <Link to={NOTIFICATIONS_PATH} onClick={() => setOpen(false)}>
                  {t('shell.viewAll')}
                </Link>
              </Flex>
            </div>
          }
        >
          {trigger}
        </Popover>
      )}
    >
      <Button
        type="text"
        // The name carries the unread count; the badge and bell are hidden from it so that the
        // name matches what is shown (WCAG 2.5.3).
        aria-label={name}
        title={name}
        data-testid="notice-bell"
        icon={
          <span aria-hidden>
            <Badge count={unread} size="small" overflowCount={99}>
              <BellOutlined style={{ fontSize: 16 }} />
            </Badge>
          </span>
        }
      />
    </PopupOnFirstUse>
  );
}
