import { DEBUG_LOG_LEVELS, type DebugLogEntry, type DebugLogLevel } from '@apm/contract';
import { Alert, Badge, Button, Checkbox, Empty, Flex, Input, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeLogStream, getLogLines, openLogStream } from '../../services/terminal-debug';
import { terminalErrorText } from '../terminal-monitor/terminal-errors';
import { filterLines, linesAsText, logFileName, mergeLines, newWatcherId } from './debug-logic';

/** How often the page reads new lines, and renews its lease (the lease lasts 60 s). */
const POLL_MS = 1500;
const RENEW_MS = 20_000;

/** Colours of the levels (AA contrast on white); the level is also written out. */
const LEVEL_COLOURS: Record<DebugLogLevel, string | undefined> = {
  debug: '#595959',
  info: undefined,
  warn: '#ad4e00',
  error: '#cf1322',
};

/** Props of {@link LogTab}; the parent keys it by terminal, so another terminal starts afresh. */
export interface LogTabProps {
  terminalId: number;
  terminalName: string;
}

/**
 * A terminal's live log: while the tab is open the page holds a lease on the stream (renewed every
 * 20 s, given up when it closes) and reads new lines every 1.5 s with a cursor; pause, clear, filter
 * by level and text, download what is kept as a text file.
 */
export function LogTab({ terminalId, terminalName }: LogTabProps) {
  const { t } = useTranslation('terminalDebug');
  const [lines, setLines] = useState<DebugLogEntry[]>([]);
  const [paused, setPaused] = useState(false);
  const [levels, setLevels] = useState<DebugLogLevel[]>([...DEBUG_LOG_LEVELS]);
  const [search, setSearch] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const cursor = useRef('');
  const view = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const watcher = useMemo(newWatcherId, []);

  useEffect(() => {
    let stopped = false;
    const renew = () =>
      openLogStream(terminalId, watcher).catch((err: unknown) => {
        if (!stopped) setFailure(terminalErrorText(err));
      });
    void renew();
    const timer = setInterval(() => void renew(), RENEW_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      void closeLogStream(terminalId, watcher).catch(() => undefined);
    };
  }, [terminalId, watcher]);

  useEffect(() => {
    if (paused) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const page = await getLogLines(terminalId, cursor.current, controller.signal);
        cursor.current = page.cursor;
        if (page.lines.length > 0 || page.reset) setLines((kept) => mergeLines(kept, page.lines, page.reset));
        setFailure(null);
      } catch (err) {
        if (!controller.signal.aborted) setFailure(terminalErrorText(err));
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [terminalId, paused]);

  const shown = useMemo(() => filterLines(lines, { levels, text: search }), [lines, levels, search]);

  useLayoutEffect(() => {
    const el = view.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [shown]);

  const download = () => {
    const url = URL.createObjectURL(new Blob([linesAsText(shown)], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = logFileName(terminalName, new Date());
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Badge
          status={paused ? 'default' : 'processing'}
          text={paused ? t('log.paused') : t('log.streaming')}
          data-testid="terminal-debug-log-state"
        />
        <Button onClick={() => setPaused(!paused)} data-testid="terminal-debug-log-pause">
          {paused ? t('log.resume') : t('log.pause')}
        </Button>
        <Button onClick={() => setLines([])} disabled={lines.length === 0}>
          {t('log.clear')}
        </Button>
        <Button onClick={download} disabled={shown.length === 0} data-testid="terminal-debug-log-download">
          {t('log.download')}
        </Button>
        <Input
          allowClear
          aria-label={t('log.search')}
          placeholder={t('log.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 240 }}
          data-testid="terminal-debug-log-search"
        />
        <span id="terminal-debug-levels">{t('log.levelFilter')}</span>
        <Checkbox.Group<DebugLogLevel>
          aria-labelledby="terminal-debug-levels"
          value={levels}
          onChange={setLevels}
          options={DEBUG_LOG_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) }))}
        />
        <Typography.Text type="secondary">
          {t('log.count', { shown: shown.length, total: lines.length })}
        </Typography.Text>
      </Flex>
      {failure && <Alert type="error" showIcon title={t('failed', { message: failure })} role="alert" />}
      {lines.length === 0 ? (
        <Empty description={paused ? t('log.empty') : `${t('log.waiting')} ${t('log.empty')}`} />
      ) : shown.length === 0 ? (
        <Empty description={t('log.filteredOut')} />
      ) : null}
      <div
        ref={view}
        role="log"
        aria-label={t('log.view')}
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
        style={{
          display: shown.length ? 'block' : 'none',
          maxHeight: 480,
          overflow: 'auto',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 12,
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          padding: 8,
        }}
        data-testid="terminal-debug-log"
      >
        {shown.map((line) => (
          <div
            key={line.n}
            data-level={line.level}
            style={{ color: LEVEL_COLOURS[line.level], whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            <span>{dayjs(line.at).format('HH:mm:ss.SSS')}</span>{' '}
            <strong>{t(`levels.${line.level}`).toUpperCase()}</strong> <span>{line.text}</span>
          </div>
        ))}
      </div>
    </Flex>
  );
}
