/** The busy flag and failure message of a form's submit. */
import { useState } from 'react';

/** A form's submit state: `submitting` while `submit`'s work runs, its failure's message in `error`. */
export function useSubmit() {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /**
   * Runs `work` with `submitting` set and the previous error cleared; a failure's message comes from
   * `describe` (which may mark the form's fields instead and answer null).
   */
  const submit = async (work: () => Promise<unknown>, describe: (failure: unknown) => string | null) => {
    setError(null);
    setSubmitting(true);
    try {
      await work();
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return { submitting, error, setError, submit };
}
