import { Button, Message, Modal, Select } from '@arco-design/web-react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { closeTheTab, pendingTimers } from './teardown.ts';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Select placeholder="Pick" options={['A', 'B']} />
      <Modal
        title="A dialog"
        visible={open}
        onCancel={() => setOpen(false)}
        onOk={() => setOpen(false)}
        okText="Save"
        cancelText="Dismiss"
      >
        Dialog body
      </Modal>
    </>
  );
}

describe('what a test leaves running (src/test/teardown.ts)', () => {
  it('a closed dialog is gone as soon as React commits: no exit animation on a timer', () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByText('Dialog body')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByText('Dialog body')).not.toBeVisible();
  });

  it('nothing a page started fires once the file has ended', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(document.querySelector('.arco-select-view')!);
    // A toast closes itself after 3 s: the timer the failing runs hit.
    Message.info('Saved');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(pendingTimers()).toBeGreaterThan(0);

    closeTheTab();
    expect(pendingTimers()).toBe(0);
    expect(document.body.textContent).toBe('');
  });
});
