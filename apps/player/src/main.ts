import { Player } from './player.js';

/** The app shell is kept by a service worker, so a reload while the server is away still starts. */
async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, {
      scope: import.meta.env.BASE_URL,
    });
  } catch (err) {
    console.warn('service worker not registered', err);
  }
}

const player = new Player();
void registerServiceWorker();
void player.start();
