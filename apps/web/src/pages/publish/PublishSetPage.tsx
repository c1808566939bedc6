import { PublishFlow } from './PublishFlow';

/** `/publishSet?programId=N` (or `?planId=N`): publish settings, then terminals, confirm and the live delivery view. */
export default function PublishSetPage() {
  return <PublishFlow start="settings" />;
}
