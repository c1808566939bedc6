/** A value that follows another after it has stopped changing for `ms` milliseconds. */
import { useEffect, useState } from 'react';

/** Answers `value` once it has been stable for `ms` milliseconds (for search-as-you-type). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
