import { type KeyboardEvent, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Children } from './components';
import { type ComponentProps, text } from './context';
import { Heading } from './layout';

/** NHS.UK's tablet breakpoint (641 px): its tabs are tabs from there up, a list of sections below. */
const TABLET = '(min-width: 40.0625em)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(TABLET);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is tablet-wide or wider (true where media queries are unknown, as in unit tests). */
const useWide = () =>
  useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia !== 'function' || window.matchMedia(TABLET).matches,
    () => true,
  );

/**
 * Form.io tabs as the NHS.UK tabs component, with its behaviour written in React: from tablet width a
 * tab list (role tablist, one tab in the Tab order, Left and Right arrows, Home and End move between
 * tabs) and one panel shown; on a phone a list of links to the sections, every section shown one under
 * another, as nhsuk-frontend does. Every panel stays in the page, so the error summary can reach a
 * question behind a tab (FormRenderer's focusField opens its tab).
 */
export function Tabs({ component, path, scope }: ComponentProps) {
  const tabs = Array.isArray(component.components) ? component.components : [];
  const wide = useWide();
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const base = `dcf-tabs-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const current = Math.min(selected, Math.max(tabs.length - 1, 0));

  const activate = (index: number) => {
    setSelected(index);
    tabRefs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowLeft: index > 0 ? index - 1 : index,
      ArrowRight: index < last ? index + 1 : index,
      Home: 0,
      End: last,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    activate(next[event.key] as number);
  };

  const title = (index: number) =>
    text(tabs[index]?.label) || text(tabs[index]?.title) || `Section ${index + 1}`;
  return (
    <div className={`nhsuk-tabs dcf-tabs formio-component-${text(component.key)}`}>
      <Heading level={scope.level} className="nhsuk-tabs__heading">
        {text(component.label) && component.hideLabel !== true ? text(component.label) : 'Contents'}
      </Heading>
      <ul className="nhsuk-tabs__list" role={wide ? 'tablist' : undefined}>
        {tabs.map((tab, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the same name may appear twice.
            key={`${text(tab.key)}-${index}`}
            className={`nhsuk-tabs__list-item${wide && index === current ? ' nhsuk-tabs__list-item--selected' : ''}`}
            role={wide ? 'presentation' : undefined}
          >
            <a
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              className="nhsuk-tabs__tab"
              href={`#${base}-${index}`}
              id={`${base}-tab-${index}`}
              {...(wide
                ? {
                    role: 'tab',
                    'aria-controls': `${base}-${index}`,
                    'aria-selected': index === current,
                    tabIndex: index === current ? 0 : -1,
                    onKeyDown: (event: KeyboardEvent) => onKeyDown(event, index),
                  }
                : {})}
              onClick={(event) => {
                if (!wide) return;
                event.preventDefault();
                activate(index);
              }}
            >
              {title(index)}
            </a>
          </li>
        ))}
      </ul>
      {tabs.map((tab, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: the same name may appear twice.
          key={`${text(tab.key)}-${index}`}
          className={`nhsuk-tabs__panel${wide && index !== current ? ' nhsuk-tabs__panel--hidden' : ''}`}
          id={`${base}-${index}`}
          {...(wide ? { role: 'tabpanel', 'aria-labelledby': `${base}-tab-${index}` } : {})}
          hidden={wide && index !== current}
        >
          <Heading level={scope.level}>{title(index)}</Heading>
          <Children
            list={tab.components}
            scope={{ ...scope, layoutPrefix: `${path}.${text(tab.key)}`, level: scope.level + 1 }}
          />
        </div>
      ))}
    </div>
  );
}

/**
 * Opens every tab that hides `element` (clicking its tab, as a person would). True when one had to be
 * opened: the element can take focus once React has drawn the panel.
 */
export function openTabsAround(element: Element): boolean {
  let opened = false;
  for (
    let panel = element.closest('[role="tabpanel"]');
    panel;
    panel = panel.parentElement?.closest('[role="tabpanel"]') ?? null
  ) {
    if (!(panel as HTMLElement).hidden) continue;
    document.getElementById(panel.getAttribute('aria-labelledby') ?? '')?.click();
    opened = true;
  }
  return opened;
}
