/** An error message with a Dismiss button (the Experiment and Results pages). */
export function DismissableError({
  message,
  testId,
  onDismiss,
}: {
  message: string;
  testId: string;
  onDismiss(): void;
}) {
  return (
    <div className="error" role="alert" data-testid={testId}>
      {message}{' '}
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
