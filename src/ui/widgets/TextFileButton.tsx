/** A button that picks a text file and hands over its name and content (the same file can be picked again). */
export function TextFileButton({
  label,
  accept,
  testId,
  onText,
}: {
  label: string;
  accept: string;
  testId: string;
  onText: (name: string, text: string) => void;
}) {
  return (
    <label className="button-like">
      {label}
      <input
        type="file"
        hidden
        accept={accept}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void file.text().then((text) => onText(file.name, text));
        }}
      />
    </label>
  );
}
