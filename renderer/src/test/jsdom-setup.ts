// What the UI needs from a browser that jsdom does not have (Mantine's testing guide lists most),
// and a clean document, no notification left in Mantine's store, and the real fetch, between
// tests: the files of a worker share their modules (the unit-ui tier does not isolate them).
import { notifications } from '@mantine/notifications';
import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
});

// Mantine reads the colour scheme and its breakpoints through matchMedia.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    media: query,
    matches: false,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// ScrollArea, Table.ScrollContainer and the comboboxes observe their size.
class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

// Comboboxes scroll their selected option into view.
Element.prototype.scrollIntoView = function scrollIntoView() {};

// jsdom does not compute the styles of pseudo-elements, which Mantine asks for.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// A browser resolves a request's relative URL (the API client's `/api/v1/...`) against the page;
// Node's Request (jsdom has none of its own) wants an absolute one.
const NodeRequest = globalThis.Request;
globalThis.Request = class Request extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
};
