/**
 * FaqDrawer — the published common problems of the current language, as an accordion with a search
 * box (filters questions and answers as you type). Opened from the avatar menu ("Help / common problems").
 */
import { useQuery } from '@tanstack/react-query';
import { Collapse, Drawer, Empty, Input, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { publishedFaq } from '../services/faq';
import { describeError, RequestError } from '../services/request';
import { useLocaleStore } from '../stores/locale';

/** Props of {@link FaqDrawer}. */
export interface FaqDrawerProps {
  open: boolean;
  onClose(): void;
}

/** Help drawer listing the published common problems of the current language. */
export function FaqDrawer({ open, onClose }: FaqDrawerProps) {
  const { t } = useTranslation();
  const language = useLocaleStore((s) => s.language);
  const [search, setSearch] = useState('');
  const entries = useQuery({
    queryKey: ['faq', 'published', language],
    queryFn: ({ signal }) => publishedFaq(language, signal),
    enabled: open,
  });

  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    const list = entries.data ?? [];
    if (!term) return list;
    return list.filter(
      (e) => e.question.toLowerCase().includes(term) || e.answer.toLowerCase().includes(term),
    );
  }, [entries.data, search]);

  let body;
  if (entries.isPending) body = <Skeleton active />;
  else if (entries.isError) {
    body = (
      <Typography.Text type="danger">
        {entries.error instanceof RequestError ? describeError(entries.error) : String(entries.error)}
      </Typography.Text>
    );
  } else if (!shown.length) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.emptyList')} />;
  } else {
    body = (
      <Collapse
        accordion
        items={shown.map((e) => ({
          key: e.id,
          label: e.question,
          children: (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {e.answer}
            </Typography.Paragraph>
          ),
        }))}
      />
    );
  }

  return (
    <Drawer title={t('shell.help')} open={open} onClose={onClose} size={480} data-testid="faq-drawer">
      <Input.Search
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('common.search')}
        aria-label={t('common.search')}
        style={{ marginBottom: 16 }}
        data-testid="faq-drawer-search"
      />
      {body}
    </Drawer>
  );
}
