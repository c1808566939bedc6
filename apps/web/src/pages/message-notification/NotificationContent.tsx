import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageMark } from '../../components/LanguageMark';
import { languageInfo } from '../../locales/languages';
import { notificationText, type NotificationTextSource } from '../../services/notifications';
import { useLocaleStore } from '../../stores/locale';
import { useReaderLanguages } from '../../utils/reader-languages';

/**
 * A notification's content in the reader's language, else the fallback (brand default, US, CN, any),
 * marked with the language shown when it is not the reader's.
 */
export function NotificationContent({
  item,
  strong,
  rows,
}: {
  item: NotificationTextSource;
  strong?: boolean;
  /** Lines shown before an ellipsis; all of them when left out. */
  rows?: number;
}) {
  const { t } = useTranslation('messageNotification');
  const current = useLocaleStore((s) => s.language);
  const { text, language } = notificationText(item, useReaderLanguages());
  const mark = (
    <LanguageMark
      language={language}
      current={current}
      hint={language ? t('shownIn', { language: languageInfo(language).label }) : undefined}
    />
  );
  const lang = language ? languageInfo(language).tag : undefined;
  if (rows) {
    return (
      <Typography.Paragraph ellipsis={{ rows }} style={{ marginBottom: 0 }} strong={strong}>
        <span lang={lang}>{text || '—'}</span>
        {mark}
      </Typography.Paragraph>
    );
  }
  return (
    <span>
      <Typography.Text strong={strong} style={{ whiteSpace: 'pre-wrap' }} lang={lang}>
        {text || '—'}
      </Typography.Text>
      {mark}
    </span>
  );
}
