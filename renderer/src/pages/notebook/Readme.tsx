import { Code, Text } from '@mantine/core';

/** The README as preformatted text: nothing in it is interpreted as HTML. */
export function Readme({ text }: { text: string | null }) {
  if (!text?.trim()) return <Text c="dimmed">This notebook has no README.</Text>;
  return (
    <Code block style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Code>
  );
}
