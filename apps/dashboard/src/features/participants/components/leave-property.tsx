import { MESSAGES, type TPropertyMenuEntry } from '@lantern/contracts';
import { dashboardHref } from '@lantern/domain';
import { ApiError } from '@lantern/domain/api-client';
import { Alert, Button, Dialog, DialogClose } from '@lantern/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { userPropertiesKey } from '../../../lib/user-properties-cache.ts';
import { useLeaveProperty } from '../api/participants.ts';

/**
 * "Leave this property" (issue 14, item 5): anyone may take themselves off a property, after a
 * confirmation; the server refuses its last manager, and the dialog says why.
 */
export function LeaveProperty({ entry }: { entry: TPropertyMenuEntry }) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveProperty(entry.hash);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const error =
    leave.error instanceof ApiError
      ? leave.error.message
      : leave.error
        ? MESSAGES.networkError
        : null;

  return (
    <section className="ds-leave" aria-labelledby="leave-heading">
      <h2 id="leave-heading">Leave this property</h2>
      <p>
        You will stop seeing it, its messages and its orders. Someone who manages it can invite you
        again.
      </p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) leave.reset();
        }}
        trigger={<Button variant="danger">Leave this property</Button>}
        title="Leave this property?"
        description={`You will no longer see ${entry.streetAddress} or its messages.`}
        actions={
          <>
            <DialogClose>
              <Button variant="secondary">Stay</Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={leave.isPending}
              onClick={() =>
                leave.mutate(undefined, {
                  onSuccess: () => {
                    setOpen(false);
                    navigate(dashboardHref('overview'));
                    // The menu and the property count; the PropertyUserRemoved event does the
                    // same on this user's other tabs.
                    void queryClient.invalidateQueries({ queryKey: userPropertiesKey });
                    void queryClient.invalidateQueries({ queryKey: ['user'] });
                  },
                })
              }
            >
              Leave this property
            </Button>
          </>
        }
      >
        {error ? <Alert tone="danger">{error}</Alert> : null}
      </Dialog>
    </section>
  );
}
