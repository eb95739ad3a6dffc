import { useSignOut } from '../api/sign-out.ts';

export function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button
      type="button"
      className="ln-btn ln-btn--ghost"
      onClick={() => signOut.mutate()}
      disabled={signOut.isPending}
    >
      {signOut.isPending ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
