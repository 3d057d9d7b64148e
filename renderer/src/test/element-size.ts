import { afterEach, beforeEach } from 'vitest';

const PROPERTIES = ['clientWidth', 'clientHeight', 'scrollWidth', 'scrollHeight', 'scrollTo'] as const;

/**
 * jsdom lays nothing out: for the tests of a file, every element gets the box a browser would give
 * a scrolling container (`box`), its scrollable size is its first child's styled size (a
 * virtualized list's canvas), and scrollTo moves the offsets and fires `scroll` as a browser does.
 */
export function layOutElements(box: { width: number; height: number }): void {
  const saved = PROPERTIES.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);
  const contentSize = (element: HTMLElement, side: 'width' | 'height') => parseFloat((element.firstElementChild as HTMLElement | null)?.style[side] ?? '') || 0;
  beforeEach(() => {
    const define = (name: string, descriptor: PropertyDescriptor) => Object.defineProperty(HTMLElement.prototype, name, { configurable: true, ...descriptor });
    define('clientWidth', { get: () => box.width });
    define('clientHeight', { get: () => box.height });
    define('scrollWidth', {
      get(this: HTMLElement) {
        return Math.max(box.width, contentSize(this, 'width'));
      },
    });
    define('scrollHeight', {
      get(this: HTMLElement) {
        return Math.max(box.height, contentSize(this, 'height'));
      },
    });
    define('scrollTo', {
      value(this: HTMLElement, options: ScrollToOptions) {
        if (options.left !== undefined) this.scrollLeft = options.left;
        if (options.top !== undefined) this.scrollTop = options.top;
        this.dispatchEvent(new Event('scroll'));
      },
    });
  });
  afterEach(() => {
    for (const [name, descriptor] of saved)
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
      else Reflect.deleteProperty(HTMLElement.prototype, name);
  });
}
