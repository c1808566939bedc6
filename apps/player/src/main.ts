import { API_BASE } from '@apm/contract';

/**
 * The web player's start screen. Pairing, playback and commands arrive with the terminal
 * protocol (issue 6); until then it shows whether the server it was opened from answers.
 */
async function showServerState(): Promise<void> {
  const el = document.getElementById('server-state')!;
  try {
    const res = await fetch(`${API_BASE}/f/common/isSysInit`);
    el.textContent = res.ok ? `Server reachable at ${location.host}` : `Server answered ${res.status}`;
  } catch (err) {
    el.textContent = `Server unreachable: ${err instanceof Error ? err.message : String(err)}`;
  }
}

void showServerState();
