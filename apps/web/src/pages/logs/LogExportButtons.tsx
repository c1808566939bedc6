import { DownloadOutlined } from '@ant-design/icons';
import type { LogExportFormat, LogFilters } from '@apm/contract';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { describeError, RequestError } from '../../services/request';
import { downloadLogExport } from '../../services/log';

/** CSV and XLSX downloads of the log with the current filters; disabled without sys:log:export. */
export function LogExportButtons({ filters }: { filters: LogFilters }) {
  const { t } = useTranslation('logs');
  const { message } = App.useApp();
  const [busy, setBusy] = useState<LogExportFormat | null>(null);
  const download = async (format: LogExportFormat) => {
    setBusy(format);
    try {
      const name = await downloadLogExport(filters, format);
      void message.success(t('exported', { name }));
    } catch (failure) {
      void message.error(failure instanceof RequestError ? describeError(failure) : String(failure));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space>
      <Authorized permission="sys:log:export">
        <Button
          icon={<DownloadOutlined />}
          loading={busy === 'csv'}
          disabled={busy !== null}
          onClick={() => download('csv')}
          data-testid="log-export-csv"
        >
          {t('exportCsv')}
        </Button>
      </Authorized>
      <Authorized permission="sys:log:export">
        <Button
          icon={<DownloadOutlined />}
          loading={busy === 'xlsx'}
          disabled={busy !== null}
          onClick={() => download('xlsx')}
          data-testid="log-export-xlsx"
        >
          {t('exportXlsx')}
        </Button>
      </Authorized>
    </Space>
  );
}
