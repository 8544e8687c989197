import { PageContainer } from '../../components/page-container';
import { SERVICE_NAME } from '../../components/use-page-title';

/** Where people report a problem with the service's accessibility (the service desk's address). */
export const ACCESSIBILITY_CONTACT = 'dcf.support@nhs.net';

/**
 * Accessibility statement (route: /accessibility, open to everyone, linked from the footer): the
 * standard (WCAG 2.2 AA, a legal duty for a public body), what is known not to comply, how to report a
 * problem and the enforcement procedure, in the shape of the GOV.UK model statement.
 */
export function AccessibilityStatementPage() {
  return (
    <PageContainer title={`Accessibility statement for ${SERVICE_NAME}`}>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <p className="nhsuk-body">
            This statement applies to {SERVICE_NAME}, the service NHS organisations use to complete and submit
            returns for national data collections, and that collection teams use to set them up and follow
            them.
          </p>
          <p className="nhsuk-body">
            We want as many people as possible to be able to use this service. For example, you should be able
            to:
          </p>
          <ul className="nhsuk-list nhsuk-list--bullet">
            <li>zoom in up to 400% without the text spilling off the screen</li>
            <li>use every screen with a keyboard alone, with a visible focus</li>
            <li>use every screen on a small screen (320 pixels wide and up)</li>
            <li>use the service with a screen reader (NVDA, JAWS, VoiceOver)</li>
            <li>change colours, contrast levels and fonts with your browser or device settings</li>
          </ul>

          <h2 className="nhsuk-heading-m">Compliance status</h2>
          <p className="nhsuk-body">
            This service is partially compliant with the{' '}
            <a href="https://www.w3.org/TR/WCAG22/">Web Content Accessibility Guidelines version 2.2</a> AA
            standard, because of the non-compliances listed below.
          </p>

          <h2 className="nhsuk-heading-m">What is known not to comply</h2>
          <ul className="nhsuk-list nhsuk-list--bullet">
            <li>
              Forms are built by each collection's team. A form's own questions may miss hint text or use
              unclear labels; we check forms when they are uploaded but cannot check the wording of every
              question.
            </li>
            <li>
              The form builder (for collection managers) relies on dragging in places. Every action has a
              keyboard alternative, but some of its settings panels are not yet fully announced by screen
              readers (WCAG 4.1.2).
            </li>
            <li>
              The completeness chart on a collection's monitoring page is drawn for sighted users. The same
              figures are in the table under it ("Completeness trend as a table").
            </li>
            <li>
              Excel templates and downloaded spreadsheets are files for Microsoft Excel; their accessibility
              depends on how each collection's team built the template.
            </li>
            <li>
              PDF copies of a return are generated for printing and record keeping; they are not tagged PDFs
              (WCAG 1.3.1). The same answers are on the return's page in the service.
            </li>
          </ul>

          <h2 className="nhsuk-heading-m">Reporting accessibility problems with this service</h2>
          <p className="nhsuk-body">
            If you find a problem not listed on this page, or you need information in a different format,
            email <a href={`mailto:${ACCESSIBILITY_CONTACT}`}>{ACCESSIBILITY_CONTACT}</a>. Tell us the page's
            address, what you were trying to do and the assistive technology you use. We will reply within 5
            working days.
          </p>

          <h2 className="nhsuk-heading-m">Enforcement procedure</h2>
          <p className="nhsuk-body">
            The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Public Sector
            Bodies (Websites and Mobile Applications) (No. 2) Accessibility Regulations 2018. If you are not
            happy with how we respond to your complaint, contact the{' '}
            <a href="https://www.equalityadvisoryservice.com/">
              Equality Advisory and Support Service (EASS)
            </a>
            .
          </p>

          <h2 className="nhsuk-heading-m">How we test this service</h2>
          <p className="nhsuk-body">
            Every screen is checked automatically against WCAG 2.2 AA (axe) in our browser tests, and is used
            with a keyboard only and at 375 pixels wide before each release.
          </p>
        </div>
      </div>
    </PageContainer>
  );
}
