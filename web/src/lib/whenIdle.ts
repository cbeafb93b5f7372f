/** Runs `task` once the browser is idle, after the page is drawn; answers a cancel (an effect's cleanup). */
export function whenIdle(task: () => void): () => void {
  if (!window.requestIdleCallback) {
    const timer = window.setTimeout(task, 500);
    return () => window.clearTimeout(timer);
  }
  const id = window.requestIdleCallback(task);
  return () => window.cancelIdleCallback(id);
}
