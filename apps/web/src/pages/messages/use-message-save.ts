/**
 * Saving in message production: the revision the form opened goes with each save (409 messageConflict
 * when someone saved since: keep editing, open theirs, or overwrite), a 400's fields go onto the form's
 * fields, and leaving with unsaved changes asks first (in the console and on unload).
 */
import type { MessageDetail } from '@apm/contract';
import type { FormInstance } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { saveMessage } from '../../services/message';
import { RequestError, serverFieldErrors } from '../../services/request';
import { fieldPath, sameMessage, saveBodyOf, type MessageFormValues } from './message-form';

/** What a save ended with: the saved message, or why not. */
export type SaveOutcome =
  { result: 'saved'; saved: MessageDetail } | { result: 'conflict' | 'invalid' | 'failed'; error?: unknown };

/** The message production form's saving state. */
export function useMessageSave(
  /** The form (untyped: server errors name fields by path). */
  form: FormInstance,
  detail: MessageDetail | null,
  values: MessageFormValues,
  initial: MessageFormValues,
) {
  const [id, setId] = useState(detail?.id ?? null);
  const [baseRevision, setBaseRevision] = useState(detail?.revision);
  const [saved, setSaved] = useState(initial);
  /** The message as the last save answered it (its review state may have changed). */
  const [current, setCurrent] = useState<MessageDetail | null>(detail);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<{ revision: number } | null>(null);
  /** Server field errors that name no field of the form (shown above it). */
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const dirty = !sameMessage(values, saved);
  const latest = useRef({ id, baseRevision });
  latest.current = { id, baseRevision };

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const save = useCallback(
    async (sent: MessageFormValues, overwrite = false): Promise<SaveOutcome> => {
      const against = overwrite && conflict ? conflict.revision : latest.current.baseRevision;
      setSaving(true);
      setOtherErrors([]);
      try {
        const answer = await saveMessage(saveBodyOf(sent, latest.current.id, against));
        setId(answer.id);
        setBaseRevision(answer.revision);
        setSaved(sent);
        setCurrent(answer);
        setConflict(null);
        return { result: 'saved', saved: answer };
      } catch (error) {
        if (error instanceof RequestError && error.reason === 'messageConflict') {
          const info = (error.jsonObject ?? {}) as { revision?: number };
          setConflict({ revision: info.revision ?? (against ?? 0) + 1 });
          return { result: 'conflict', error };
        }
        const fields = serverFieldErrors(error);
        if (Object.keys(fields).length) {
          // Fields shown on the form; the targets (one control without a message of its own) show above it.
          const known = new Set(
            form
              .getFieldsError()
              .filter((f) => f.name[0] !== 'targets')
              .map((f) => JSON.stringify(f.name)),
          );
          const shown = Object.entries(fields).filter(([field]) =>
            known.has(JSON.stringify(fieldPath(field))),
          );
          form.setFields(shown.map(([field, text]) => ({ name: fieldPath(field), errors: [text] })));
          setOtherErrors(
            Object.entries(fields)
              .filter(([field]) => !known.has(JSON.stringify(fieldPath(field))))
              .map(([field, text]) => `${field}: ${text}`),
          );
          return { result: 'invalid', error };
        }
        return { result: 'failed', error };
      } finally {
        setSaving(false);
      }
    },
    [conflict, form],
  );

  return {
    id,
    current,
    baseRevision,
    dirty,
    saving,
    save,
    conflict,
    dismissConflict: () => setConflict(null),
    otherErrors,
    blocker,
  };
}
