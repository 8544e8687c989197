import { fireEvent, screen, within } from '@testing-library/react';

/** The NHS date input named `name` (its legend). */
export const dateGroup = (name: string | RegExp) => screen.getByRole('group', { name });

/** Types `yyyy-MM-dd` (or '') into the Day, Month and Year boxes of a date input, as a person would. */
export function fillDate(name: string | RegExp, iso: string) {
  const group = dateGroup(name);
  const [year = '', month = '', day = ''] = iso === '' ? [] : iso.split('-');
  fireEvent.change(within(group).getByLabelText('Day'), { target: { value: day } });
  fireEvent.change(within(group).getByLabelText('Month'), { target: { value: month } });
  fireEvent.change(within(group).getByLabelText('Year'), { target: { value: year } });
}

/** What a date input shows, as `yyyy-MM-dd` (the boxes padded), or '' when empty. */
export function dateShown(name: string | RegExp): string {
  const group = dateGroup(name);
  const box = (label: string) => (within(group).getByLabelText(label) as HTMLInputElement).value;
  if (!box('Day') && !box('Month') && !box('Year')) return '';
  return `${box('Year')}-${box('Month').padStart(2, '0')}-${box('Day').padStart(2, '0')}`;
}
