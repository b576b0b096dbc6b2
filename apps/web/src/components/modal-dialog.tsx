import { type ReactNode, type RefObject, useEffect, useRef } from "react";

interface ModalDialogProps {
  titleId: string;
  title: string;
  /** The id of the text that says what the dialog is about, read out with its name. */
  describedById?: string;
  /** While busy, Escape does not close it. */
  busy: boolean;
  onClose: () => void;
  /** Gets `close`, which closes the <dialog> itself so that the browser gives the focus back. */
  children: (close: () => void) => ReactNode;
  /** What gets the focus on opening; without it the browser focuses the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  wide?: boolean;
}

/**
 * A modal <dialog>, open while it is rendered: focus stays inside, Escape cancels, and the browser gives
 * focus back to the button that opened it.
 */
export function ModalDialog({
  titleId,
  title,
  describedById,
  busy,
  onClose,
  children,
  initialFocus,
  wide = false,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useShowModal(dialogRef, initialFocus);
  const close = () => {
    const dialog = dialogRef.current;
    if (dialog && typeof dialog.close === "function") dialog.close();
    else onClose();
  };
  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={describedById}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={onClose}
    >
      <div className={`modal-box ${wide ? "max-w-2xl" : ""}`}>
        <h2 id={titleId} className="mb-4 text-lg font-bold">
          {title}
        </h2>
        {children(close)}
      </div>
    </dialog>
  );
}

function useShowModal(
  dialogRef: RefObject<HTMLDialogElement | null>,
  initialFocus: RefObject<HTMLElement | null> | undefined,
) {
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    // jsdom has no showModal; the attribute alone still shows the dialog there.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    // After showModal, which would otherwise move the focus to the first focusable element.
    initialFocus?.current?.focus();
  }, [dialogRef, initialFocus]);
}
