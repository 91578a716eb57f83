/**
 * "Send feedback" from the user menu (every signed-in user): a rating as five labelled choices
 * (1 "Very poor" … 5 "Excellent") and a few words, sent with the page the user was on. Loaded
 * lazily by the menu (it pulls the contract's messages and zod).
 */
import {
  FEEDBACK_MESSAGES,
  FEEDBACK_RATING_LABELS,
  FEEDBACK_TEXT_MAX,
  type FeedbackRating,
} from "@portico/shared/schemas/feedback";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, type RefObject, useId, useState } from "react";
import { useLocation } from "react-router";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { FieldError } from "../../components/ui/field";
import { RadioGroup } from "../../components/ui/radio-group";
import { TextareaField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { errorMessage } from "../../lib/api-client";
import { feedbackApi, type TFeedbackRequest } from "./feedback-api";

export const RATING_OPTIONS = (Object.keys(FEEDBACK_RATING_LABELS) as unknown as FeedbackRating[]).map(
  (value) => ({ value: String(value), label: FEEDBACK_RATING_LABELS[value] }),
);

export interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focused on close (the button of the menu that opened it). */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

export default function FeedbackDialog({ open, onOpenChange, fallbackFocus }: FeedbackDialogProps) {
  const returnFocus = useReturnFocus(open, fallbackFocus);
  // Lazily loaded, it mounts after the menu has closed, when nothing useful has focus: the
  // menu's button (when given) gets it back.
  const onCloseAutoFocus = (event: Event) => {
    const target = fallbackFocus?.current;
    if (!target?.isConnected) return returnFocus(event);
    event.preventDefault();
    target.focus();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Send feedback</DialogTitle>
          <DialogDescription>
            How is the portal working for you? Our engineers read every message.
          </DialogDescription>
        </DialogHeader>
        {open && <FeedbackForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function FeedbackForm({ onDone }: { onDone: () => void }) {
  const [rating, setRating] = useState<string>("");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const { pathname } = useLocation();
  const ratingErrorId = useId();
  const send = useMutation({ mutationFn: (body: TFeedbackRequest) => feedbackApi.send(body) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      ...(rating ? {} : { rating: FEEDBACK_MESSAGES.ratingRequired }),
      ...(text.trim() ? {} : { text: FEEDBACK_MESSAGES.textRequired }),
    };
    setErrors(problems);
    if (problems.rating || problems.text) return;
    send.mutate(
      { rating: Number(rating), text: text.trim(), page: pathname },
      {
        onSuccess: () => {
          toast.success(FEEDBACK_MESSAGES.thanks);
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <div>
        <RadioGroup
          label="Rating"
          options={RATING_OPTIONS}
          value={rating}
          onValueChange={(value) => {
            setRating(value);
            setErrors((current) => ({ ...current, rating: undefined }));
          }}
          aria-invalid={errors.rating ? true : undefined}
          aria-describedby={errors.rating ? ratingErrorId : undefined}
        />
        <FieldError id={ratingErrorId} message={errors.rating} />
      </div>
      <TextareaField
        label="Your feedback"
        rows={5}
        maxLength={FEEDBACK_TEXT_MAX}
        value={text}
        hint={`${text.length.toLocaleString("en-US")} of ${FEEDBACK_TEXT_MAX.toLocaleString("en-US")} characters`}
        onChange={(event) => {
          setText(event.target.value);
          setErrors((current) => ({ ...current, text: undefined }));
        }}
        error={errors.text}
      />
      <ErrorAlert>{send.isError ? errorMessage(send.error) : null}</ErrorAlert>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={send.isPending}>
          Send
        </Button>
      </DialogFooter>
    </form>
  );
}
