/**
 * Pauses a Web Animation where it is now. `pause()` alone is a pending pause that holds the animation
 * only at the next frame, so a ticker or marquee stopped now still moved one frame on (6.7 px at
 * 400 px/s); setting the current time completes the pause at once, at the time it had when stopped.
 */
export function pauseNow(animation: Animation): void {
  const at = animation.currentTime;
  animation.pause();
  animation.currentTime = at;
}
