import { vi } from 'vitest';

/**
 * jsdom has no layout: gives every `carousel-viewport` a width and lays its slides out side by
 * side, `perView` to a view, so the carousel hook finds real snap positions in unit tests.
 */
export function fakeCarouselLayout({ viewportWidth = 600, perView = 1 } = {}) {
  const slideWidth = viewportWidth / perView;
  const isViewport = (element: Element) => element.classList.contains('carousel-viewport');
  const slideIndex = (element: Element) => {
    const track = element.parentElement;
    if (!track?.parentElement || !isViewport(track.parentElement)) return -1;
    return Array.from(track.children).indexOf(element);
  };
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isViewport(this) ? viewportWidth : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isViewport(this) ? (this.firstElementChild?.children.length ?? 0) * slideWidth : 0;
  });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const left = Math.max(slideIndex(this), 0) * slideWidth;
    return DOMRect.fromRect({ x: left, y: 0, width: slideWidth, height: 100 });
  });
}
