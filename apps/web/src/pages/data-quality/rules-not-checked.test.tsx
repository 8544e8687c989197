import type { PeriodDataQuality as PeriodDataQualityData } from '@dcf/domain/data-quality';
import type { UncheckedRule } from '@dcf/forms';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, users } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { PeriodDataQuality } from './period-data-quality';
import { ReturnRulesNotChecked } from './rules-not-checked';

/**
 * Rules the interpreter could not evaluate (decision 0030) are told to the manager: on the period's data
 * quality view (how many returns, why, where to correct them) and on a return's page.
 */

const finding = (ruleId: string, extra: Record<string, unknown> = {}) => ({
  ruleId,
  name: ruleId === 'beds' ? 'Beds add up' : 'Staff change',
  severity: 'warning' as const,
  message: 'Check the beds',
  fields: ['beds'],
  explanation: null,
  ...extra,
});

const period: PeriodDataQualityData = {
  readsStatistics: false,
  statistics: { periodName: null, computedAt: null, returns: null },
  returnsSubmitted: 12,
  returnsWithWarnings: 1,
  rules: [
    {
      id: 'beds',
      name: 'Beds add up',
      severity: 'warning',
      returns: 0,
      notChecked: 3,
      notCheckedReason: 'it takes more than 100,000 steps',
    },
    {
      id: 'staff',
      name: 'Staff change',
      severity: 'warning',
      returns: 1,
      notChecked: 0,
      notCheckedReason: null,
    },
  ],
  items: [
    {
      submissionId: 9,
      organisationId: 4,
      organisationName: 'Leeds Teaching Hospitals',
      organisationCode: 'RR8',
      submittedAt: '2026-06-01T10:00:00.000Z',
      warnings: 1,
      findings: [
        finding('staff', { explanation: 'A new ward opened' }),
        finding('beds', { notChecked: 'it takes more than 100,000 steps' }),
      ],
    },
  ],
  total: 1,
};

afterEach(() => vi.unstubAllGlobals());

describe('rules not checked', () => {
  it("the period's view says which rules were not checked on how many returns, why, and where to correct them", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(period)),
    );
    renderAt(<PeriodDataQuality periodId={7} collectionId={1} />, { user: users.manager });
    const callout = await screen.findByRole('region', { name: /Rules not checked/ });
    expect(callout).toHaveTextContent(
      'Rule "Beds add up" was not checked on 3 submitted returns: it takes more than 100,000 steps.',
    );
    expect(within(callout).queryByText(/Staff change/)).toBeNull();
    expect(within(callout).getByRole('link', { name: 'Change the data quality rules' })).toHaveAttribute(
      'href',
      '/collection/amend/1/dataQuality',
    );
    // In the return's row: the warning with its explanation, the rule not checked with why (no explanation asked).
    const row = screen.getByRole('row', { name: /Leeds Teaching Hospitals/ });
    expect(row).toHaveTextContent('Staff change: Check the beds');
    expect(row).toHaveTextContent('Explanation: A new ward opened');
    expect(row).toHaveTextContent('Beds add up: not checked (it takes more than 100,000 steps)');
    expect(row.textContent?.match(/Explanation:/g)).toHaveLength(1);
  });

  it("the period's view says nothing when every rule was checked", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          ...period,
          rules: period.rules.map((r) => ({ ...r, notChecked: 0, notCheckedReason: null })),
        }),
      ),
    );
    renderAt(<PeriodDataQuality periodId={7} collectionId={1} />, { user: users.manager });
    expect(await screen.findByTestId('returns-with-warnings')).toBeInTheDocument();
    expect(screen.queryByTestId('rules-not-checked')).toBeNull();
  });

  it("a return's page tells the manager the form's rules and the data quality rules not checked on it", () => {
    const formRule: UncheckedRule = {
      component: { path: 'total', key: 'total', label: 'Total beds' },
      property: 'calculateValue',
      reason: 'limit',
      bound: 'maxSteps',
      detail: 'it takes more than 100,000 steps',
    };
    renderAt(
      <ReturnRulesNotChecked
        collectionId={1}
        formRules={[formRule]}
        findings={[
          finding('staff'),
          finding('beds', { notChecked: 'the operation "_sumBy" is not supported' }),
        ]}
      />,
    );
    const callout = screen.getByRole('region', { name: /Rules not checked/ });
    const items = within(callout)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      "The rule in 'Total beds' (calculateValue) was not checked: it takes more than 100,000 steps. Returns of this form cannot be submitted until it is corrected.",
      'Rule "Beds add up" was not checked on this return: the operation "_sumBy" is not supported.',
    ]);
    expect(within(callout).getByRole('link', { name: 'Change the form' })).toHaveAttribute(
      'href',
      '/collection/amend/1/form',
    );
    expect(within(callout).getByRole('link', { name: 'Change the data quality rules' })).toBeInTheDocument();
  });

  it("a return's page says nothing when every rule was checked", () => {
    const { container } = renderAt(
      <ReturnRulesNotChecked collectionId={1} formRules={[]} findings={[finding('staff')]} />,
    );
    expect(container.querySelector('[data-testid="rules-not-checked"]')).toBeNull();
  });
});
