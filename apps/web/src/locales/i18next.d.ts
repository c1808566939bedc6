/** Types `t()` keys against the English messages, so a misspelt key fails the type check. */
import 'i18next';
import type { Messages } from './en-US';
import type { PageMessageTypes } from './page-namespaces';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages } & PageMessageTypes;
  }
}
