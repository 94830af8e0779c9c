import { onTestFinished, vi } from 'vitest';

/**
 * Records the file names the page downloads (an `<a download>` clicked) instead of saving them,
 * until the test ends; jsdom has no object URLs, so blob links get a stand-in one.
 */
export function captureDownloads(): string[] {
  const clicked: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this.download);
  });
  const { createObjectURL, revokeObjectURL } = URL;
  Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
  onTestFinished(() => {
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
  return clicked;
}
