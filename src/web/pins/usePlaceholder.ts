import { useCallback } from 'react';
import { placeholderUrl } from './images.ts';

/**
 * A ref for an image's box that paints the blurred ThumbHash behind the image while it is still
 * loading (the dominant colour is already there from the server's HTML). The server never writes
 * it: it would bloat every page, and an image the browser already has needs none.
 */
export function usePlaceholder(thumbhash: string | null): (element: HTMLElement | null) => (() => void) | undefined {
  return useCallback(
    (element: HTMLElement | null) => {
      const image = element?.querySelector('img');
      if (!element || !image || image.complete) return undefined;
      const url = placeholderUrl(thumbhash);
      if (!url) return undefined;
      element.style.backgroundImage = `url("${url}")`;
      const clear = () => {
        element.style.backgroundImage = '';
      };
      image.addEventListener('load', clear, { once: true });
      return () => {
        image.removeEventListener('load', clear);
      };
    },
    [thumbhash],
  );
}
