import { afterEach, describe, expect, it } from 'vitest';
import { loadScript } from './load-script';

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script')];

afterEach(() => {
  for (const script of scripts()) script.remove();
});

describe('loadScript', () => {
  it('adds one script per address and resolves every caller once it has run', async () => {
    const first = loadScript('/sandbox/plaid/link-initialize.js');
    const second = loadScript(`${window.location.origin}/sandbox/plaid/link-initialize.js`);
    expect(second).toBe(first);
    expect(scripts().map((script) => script.src)).toEqual([
      `${window.location.origin}/sandbox/plaid/link-initialize.js`,
    ]);
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
    // Loaded: later calls get the same settled promise, and no new tag.
    await expect(loadScript('/sandbox/plaid/link-initialize.js')).resolves.toBeUndefined();
    expect(scripts()).toHaveLength(1);
  });

  it('rejects when the script fails to load, and the next call tries afresh', async () => {
    const failing = loadScript('/sandbox/persona/persona.js');
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('Could not load');
    expect(scripts()).toHaveLength(0);

    const again = loadScript('/sandbox/persona/persona.js');
    expect(again).not.toBe(failing);
    expect(scripts()).toHaveLength(1);
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(again).resolves.toBeUndefined();
  });
});
