import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApp, signIn } from '@/test/helpers.tsx';
import { useAuthStore } from '@/stores/auth-store.ts';
import { Permission, PERMISSION_ROLES_ERROR } from './permission.tsx';

beforeEach(async () => {
  await resetApp();
  signIn();
});
afterEach(() => vi.restoreAllMocks());

describe('Permission', () => {
  it('keeps its children for a listed role', () => {
    render(<Permission roles={['user']}>delete button</Permission>);
    expect(screen.getByText('delete button')).toBeInTheDocument();
  });

  it('removes its children when the list lacks the role', () => {
    render(<Permission roles={['admin']}>delete button</Permission>);
    expect(screen.queryByText('delete button')).not.toBeInTheDocument();
  });

  it('follows Switch Roles', () => {
    const view = render(<Permission roles={['admin']}>admin tools</Permission>);
    expect(screen.queryByText('admin tools')).not.toBeInTheDocument();
    useAuthStore.getState().switchRole();
    view.rerender(<Permission roles={['admin']}>admin tools</Permission>);
    expect(screen.getByText('admin tools')).toBeInTheDocument();
  });

  it('throws the spec text without roles', () => {
    // React reports the thrown error on the console; the test only cares about the throw.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(PERMISSION_ROLES_ERROR).toBe(`need roles! Like v-permission="['admin','user']"`);
    expect(() => render(<Permission>x</Permission>)).toThrow(PERMISSION_ROLES_ERROR);
    expect(() => render(<Permission roles={[]}>x</Permission>)).toThrow(PERMISSION_ROLES_ERROR);
  });
});
