import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

export interface TableScrollProps {
  /** Names the box for screen readers when it scrolls (the table's caption, in short). */
  label: string;
  children: ReactNode;
}

/**
 * The box around a table: the table takes the page's height (the page scrolls, never a box inside
 * it), and only a table wider than the screen scrolls sideways here. While it does, the box is a
 * labelled region that takes focus, so a keyboard can scroll it too (WCAG 2.1.1; axe's
 * scrollable-region-focusable); while it fits, it is a plain box and no extra tab stop.
 */
export function TableScroll({ label, children }: TableScrollProps) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // The box narrows with the window; the table widens as rows arrive: either can start a scroll.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className="dcf-table-scroll"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` } : {})}
    >
      {children}
    </div>
  );
}
