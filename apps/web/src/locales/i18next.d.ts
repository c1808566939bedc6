/** Types `t()` keys against the English messages, so a misspelt key fails the type check. */
import 'i18next';
import type { Messages } from './en-US';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
