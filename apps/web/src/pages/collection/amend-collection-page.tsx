import type { ComponentType } from 'react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useCollection } from '../../api/collections';
import { paths, routeId } from '../../app/paths';
import { PageContainer, Spinner } from '../../components';
import { DataQualityTab } from '../data-quality/data-quality-tab';
import { DefaultScheduleTab, ScheduleTab } from '../schedule/schedule-editor';
import { FormTab } from './form-tab';
import { GuidanceEditor } from './guidance-editor';
import { OrganisationsTab } from './organisations-tab';
import { OverviewTab } from './overview-tab';
import { PermissionsTab } from './permissions-tab';
import { PreviewTab } from './preview-tab';

type TabProps = { collectionId: number };

/**
 * The Excel template tab belongs to the files work (excel-template-tab.tsx beside this file). Vite's
 * glob finds it when it is there; until then the tab is left out rather than shown empty.
 */
const excelTemplateModules = import.meta.glob<{
  ExcelTemplateTab?: ComponentType<TabProps>;
  default?: ComponentType<TabProps>;
}>('./excel-template-tab.tsx');
const loadExcelTemplateTab = Object.values(excelTemplateModules)[0];
const ExcelTemplateTab = loadExcelTemplateTab
  ? lazy(async () => {
      const module = await loadExcelTemplateTab();
      const Component = module.ExcelTemplateTab ?? module.default;
      if (!Component) throw new Error('excel-template-tab.tsx exports no ExcelTemplateTab');
      return { default: Component };
    })
  : undefined;

/** The amend page's tabs (specification, section 2), in order; 'Data quality rules' is decision 0028's. */
export const amendTabs = [
  ['overview', 'Overview'],
  ['organisations', 'Organisations'],
  ['preview', 'Preview'],
  ['form', 'Form'],
  ['dataQuality', 'Data quality rules'],
  ['excelTemplate', 'Excel template'],
  ['schedule', 'Schedule'],
  ['default-schedule', 'Default schedule'],
  ['permissions', 'Permissions'],
] as const;

type AmendTab = (typeof amendTabs)[number][0];

const shownTabs = amendTabs.filter(([key]) => key !== 'excelTemplate' || ExcelTemplateTab !== undefined);

/** Amend collection (route: /collection/amend/{collectionId}/*): NHS.UK tabs as links, one per sub-path. */
export function AmendCollectionPage() {
  const params = useParams();
  const collectionId = routeId(params.collectionId);
  const requested = (params['*'] ?? '').split('/')[0] || 'overview';
  const tab = shownTabs.find(([key]) => key === requested);
  const title = 'Amend collection';
  return (
    <PageContainer title={title} trail={[{ text: 'Manage collections', href: paths.managerHome }]}>
      {collectionId === undefined || !tab ? (
        <p className="nhsuk-body">This page does not exist.</p>
      ) : (
        <AmendTabs collectionId={collectionId} tab={tab[0]} />
      )}
    </PageContainer>
  );
}

/**
 * The tabs render whatever the collection query says: each tab loads and reports its own data (a
 * missing collection shows 'Not found' in the tab), and the collection's name heads them once it arrives.
 */
function AmendTabs({ collectionId, tab }: { collectionId: number; tab: AmendTab }) {
  const collection = useCollection(collectionId);
  return (
    <>
      {collection.data ? (
        <p className="nhsuk-body-l" data-testid="collection-name">
          {collection.data.name}
        </p>
      ) : null}
      <p className="nhsuk-body">
        <Link to={paths.reportingPeriods(collectionId)}>Reporting periods and their returns</Link>
      </p>
      <div className="nhsuk-tabs">
        <nav aria-label="Collection sections">
          <ul className="nhsuk-tabs__list">
            {shownTabs.map(([key, label]) => (
              <li
                key={key}
                className={`nhsuk-tabs__list-item${key === tab ? ' nhsuk-tabs__list-item--selected' : ''}`}
              >
                <Link
                  className="nhsuk-tabs__tab"
                  to={paths.amendCollection(collectionId, key)}
                  aria-current={key === tab ? 'page' : undefined}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="nhsuk-tabs__panel">
          <AmendTabContent tab={tab} collectionId={collectionId} />
        </div>
      </div>
    </>
  );
}

function AmendTabContent({ tab, collectionId }: { tab: AmendTab; collectionId: number }) {
  switch (tab) {
    case 'overview':
      return (
        <>
          <OverviewTab collectionId={collectionId} />
          <GuidanceEditor collectionId={collectionId} />
        </>
      );
    case 'organisations':
      return <OrganisationsTab collectionId={collectionId} />;
    case 'preview':
      return <PreviewTab collectionId={collectionId} />;
    case 'form':
      return <FormTab collectionId={collectionId} />;
    case 'dataQuality':
      return <DataQualityTab collectionId={collectionId} />;
    case 'excelTemplate':
      return ExcelTemplateTab ? (
        <Suspense fallback={<Spinner block />}>
          <ExcelTemplateTab collectionId={collectionId} />
        </Suspense>
      ) : null;
    case 'schedule':
      return <ScheduleTab collectionId={collectionId} />;
    case 'default-schedule':
      return <DefaultScheduleTab collectionId={collectionId} />;
    case 'permissions':
      return <PermissionsTab collectionId={collectionId} />;
  }
}
