import type { AccessFlags } from '@dcf/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { Footer } from './footer';
import { Header } from './header';

export interface LayoutProps {
  user: AccessFlags;
  pathname: string;
  children: ReactNode;
}

/**
 * Skip link, header, main and footer. After an in-app navigation, focus moves to the new page's heading
 * (or main) so screen reader and keyboard users start at the new content.
 */
export function Layout({ user, pathname, children }: LayoutProps) {
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const main = mainRef.current;
    if (!main || !pathname) return;
    const heading = main.querySelector<HTMLElement>('h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    } else {
      main.focus();
    }
  }, [pathname]);

  return (
    <>
      <a className="nhsuk-skip-link" href="#maincontent">
        Skip to main content
      </a>
      <Header user={user} pathname={pathname} />
      <div className="dcf-main-area">
        <div className="nhsuk-width-container">
          <main className="nhsuk-main-wrapper dcf-main" id="maincontent" ref={mainRef} tabIndex={-1}>
            {children}
          </main>
        </div>
      </div>
      <Footer />
    </>
  );
}

/** What shows while the current user is being fetched: a blank area (specification, section 2). */
export function BlankArea() {
  return (
    <div className="dcf-blank" aria-busy="true">
      <span className="nhsuk-u-visually-hidden" role="status">
        Loading
      </span>
    </div>
  );
}
