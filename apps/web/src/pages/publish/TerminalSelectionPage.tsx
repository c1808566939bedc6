import { PublishFlow } from './PublishFlow';

/** `/terminalSelection?programId=N` (or `?planId=N`): the publishing flow opened at its terminal choice (settings stay a step back). */
export default function TerminalSelectionPage() {
  return <PublishFlow start="terminals" />;
}
