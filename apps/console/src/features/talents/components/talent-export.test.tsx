import { apiPaths, type ExportProgress } from '@inviteflow/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { pathOf } from '@/test/talent-fixtures.ts';
import { TalentExport } from './talent-export.tsx';

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubExport(progress: ExportProgress['state'][], total = 5000) {
  const bodies: unknown[] = [];
  let polls = 0;
  stubFetch((url, init) => {
    if (pathOf(url) === apiPaths.talents.exports && init.method === 'POST') {
      bodies.push(JSON.parse(String(init.body)));
      return ok({ exportId: 'exp1', downloadUrl: '/api/v1/talents/exports/download/tok', total });
    }
    expect(pathOf(url)).toBe(apiPaths.talents.exportProgress('exp1'));
    const state = progress[Math.min(polls, progress.length - 1)] ?? 'done';
    polls += 1;
    const written = state === 'done' ? total : state === 'running' ? total / 2 : 0;
    return ok({ exportId: 'exp1', total, written, state });
  });
  return bodies;
}

function clickedLinks() {
  const hrefs: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    hrefs.push(this.getAttribute('href') ?? '');
  });
  return hrefs;
}

async function exportAs(format: RegExp) {
  fireEvent.click(screen.getByRole('button', { name: 'Export talents' }));
  fireEvent.click(await screen.findByText(format));
}

describe('export talents', () => {
  it('exports the filters and sort, downloads natively and shows the progress', async () => {
    const bodies = stubExport(['waiting', 'running', 'running', 'done']);
    const hrefs = clickedLinks();
    renderPage(
      <TalentExport
        filters={{ status: 'cooperating', fansMin: 1000 }}
        sort={{ field: 'fansCount', order: 'asc' }}
      />,
    );
    await exportAs(/Excel file/);
    await waitFor(() => expect(hrefs).toEqual(['/api/v1/talents/exports/download/tok']));
    expect(bodies[0]).toEqual({
      format: 'xlsx',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      sort: 'fansCount',
      order: 'asc',
      status: 'cooperating',
      fansMin: 1000,
    });
    expect(
      await screen.findByText(
        'Exported 2,500 of 5,000 rows; the file downloads as it is written, keep this page open',
      ),
    ).toBeVisible();
    expect(await screen.findByText('Export finished: 5,000 rows')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('finishes a small export without a progress modal', async () => {
    stubExport(['done'], 12);
    clickedLinks();
    renderPage(<TalentExport filters={{}} sort={{ field: 'addedAt', order: 'desc' }} />);
    await exportAs(/CSV file/);
    expect(await screen.findByText('Export finished: 12 rows')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a failed export in the modal', async () => {
    stubExport(['running', 'failed']);
    clickedLinks();
    renderPage(<TalentExport filters={{}} sort={{ field: 'addedAt', order: 'desc' }} />);
    await exportAs(/CSV file/);
    expect(await screen.findByText('The export failed; please export again later')).toBeVisible();
    // The footer's Close (the modal's × is named Close too).
    fireEvent.click(screen.getByText('Close', { selector: 'button > span' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
