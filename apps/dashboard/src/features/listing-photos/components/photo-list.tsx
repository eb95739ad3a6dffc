import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { TListingPhoto } from '@lantern/contracts';
import { PhotoItem } from './photo-item.tsx';

/** Our own words for the screen reader while a photo is moved (issue 16). */
export const SORT_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move this photo, press Space or Enter, then the up and down arrow keys. Press Space or Enter again to put it down, or Escape to cancel.',
};

function positionText(photos: readonly TListingPhoto[], id: string | number | undefined) {
  const index = photos.findIndex((p) => p.hash === id);
  return index < 0 ? '' : `position ${index + 1} of ${photos.length}`;
}

function nameOf(photos: readonly TListingPhoto[], id: string | number) {
  return photos.find((p) => p.hash === id)?.fileName ?? 'Photo';
}

export function sortAnnouncements(photos: readonly TListingPhoto[]): Announcements {
  return {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(photos, active.id)}, ${positionText(photos, active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(photos, active.id)} is over ${positionText(photos, over.id)}.`
        : `${nameOf(photos, active.id)} is not over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Put down ${nameOf(photos, active.id)} at ${positionText(photos, over.id)}.`
        : `Put down ${nameOf(photos, active.id)}; its place did not change.`,
    onDragCancel: ({ active }) =>
      `Moving ${nameOf(photos, active.id)} was cancelled; its place did not change.`,
  };
}

export interface PhotoListProps {
  photos: readonly TListingPhoto[];
  canEdit: boolean;
  onReorder(hashes: string[]): void;
  onCaption(hash: string, caption: string): Promise<unknown>;
  onDelete(hash: string): Promise<unknown>;
}

/**
 * The listing's photos in order, sortable by pointer and by keyboard (@dnd-kit/sortable); the
 * first is the primary photo.
 */
export function PhotoList({ photos, canEdit, onReorder, onCaption, onDelete }: PhotoListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = photos.map((p) => p.hash);
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };
  if (photos.length === 0) return <p>No photos yet.</p>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        announcements: sortAnnouncements(photos),
        screenReaderInstructions: SORT_INSTRUCTIONS,
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="ds-photos" aria-label="Listing photos, in order">
          {photos.map((photo, index) => (
            <PhotoItem
              key={photo.hash}
              photo={photo}
              index={index}
              count={photos.length}
              canEdit={canEdit}
              onCaption={onCaption}
              onDelete={onDelete}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
