/**
 * Reloads the page. Its own module so that a test can stand in for it: `window.location` cannot
 * be replaced where tests run (each test file's window lives in its own VM context).
 */
export function reloadPage(): void {
  window.location.reload();
}
