import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CollectionStatusTag,
  DisplayStateTag,
  PeriodStatusTag,
  SubmissionStatusTag,
  Tag,
} from './status-tags';

describe('status tags', () => {
  it('draws an NHS.UK tag in the colour asked for', () => {
    render(<Tag colour="aqua-green">Open</Tag>);
    const tag = screen.getByText('Open');
    expect(tag.tagName).toBe('STRONG');
    expect(tag).toHaveClass('nhsuk-tag nhsuk-tag--aqua-green', { exact: true });
  });

  it('gives each status its words and colour', () => {
    render(
      <>
        <CollectionStatusTag status="published" />
        <PeriodStatusTag status="Future" />
        <SubmissionStatusTag status="notStarted" />
        <DisplayStateTag state="Missed" />
      </>,
    );
    expect(screen.getByText('Published')).toHaveClass('nhsuk-tag--green');
    expect(screen.getByText('Future')).toHaveClass('nhsuk-tag--blue');
    expect(screen.getByText('Not started')).toHaveClass('nhsuk-tag--white');
    expect(screen.getByText('Missed')).toHaveClass('nhsuk-tag--red');
  });
});
