import { ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import { structuredPatch } from 'diff';
import { Fragment, useMemo } from 'react';
import classes from './code.module.css';

interface Props {
  before: string;
  after: string;
  label: string;
}

/**
 * A unified diff with three lines of context. Added and removed lines are <ins> and <del> with a
 * visible + or − and their line numbers, so the change does not rest on colour alone.
 */
export function DiffView({ before, after, label }: Props) {
  const patch = useMemo(() => structuredPatch('before', 'after', before, after, undefined, undefined, { context: 3 }), [before, after]);
  const lines = patch.hunks.flatMap((hunk) => hunk.lines).filter((line) => !line.startsWith('\\'));
  const added = lines.filter((line) => line.startsWith('+')).length;
  const removed = lines.filter((line) => line.startsWith('-')).length;

  if (patch.hunks.length === 0) return <Text c="dimmed">The code is the same as in the previous version.</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {added} {added === 1 ? 'line' : 'lines'} added, {removed} {removed === 1 ? 'line' : 'lines'} removed
      </Text>
      <ScrollArea.Autosize mah="70vh" type="auto" className={classes.frame}>
        <pre className={classes.code} role="region" aria-label={label} tabIndex={0}>
          {patch.hunks.map((hunk) => {
            let oldLine = hunk.oldStart;
            let newLine = hunk.newStart;
            return (
              <Fragment key={`${hunk.oldStart}-${hunk.newStart}`}>
                <div className={classes.hunk}>
                  Lines {hunk.oldStart}–{hunk.oldStart + Math.max(hunk.oldLines - 1, 0)} before, {hunk.newStart}–
                  {hunk.newStart + Math.max(hunk.newLines - 1, 0)} after
                </div>
                {hunk.lines.map((line, index) => {
                  if (line.startsWith('\\')) return null;
                  const text = line.slice(1);
                  if (line.startsWith('+')) {
                    const number = newLine++;
                    return (
                      <ins key={index} className={`${classes.diffLine} ${classes.added}`}>
                        <span className={classes.number} aria-hidden="true" />
                        <span className={classes.number}>{number}</span>
                        <span className={classes.sign}>
                          <span aria-hidden="true">+</span>
                          <VisuallyHidden>added: </VisuallyHidden>
                        </span>
                        <span>{text}</span>
                      </ins>
                    );
                  }
                  if (line.startsWith('-')) {
                    const number = oldLine++;
                    return (
                      <del key={index} className={`${classes.diffLine} ${classes.removed}`}>
                        <span className={classes.number}>{number}</span>
                        <span className={classes.number} aria-hidden="true" />
                        <span className={classes.sign}>
                          <span aria-hidden="true">−</span>
                          <VisuallyHidden>removed: </VisuallyHidden>
                        </span>
                        <span>{text}</span>
                      </del>
                    );
                  }
                  const numbers = [oldLine++, newLine++];
                  return (
                    <div key={index} className={classes.diffLine}>
                      <span className={classes.number}>{numbers[0]}</span>
                      <span className={classes.number}>{numbers[1]}</span>
                      <span className={classes.sign} aria-hidden="true" />
                      <span>{text}</span>
                    </div>
                  );
                })}
              </Fragment>
            );
          })}
        </pre>
      </ScrollArea.Autosize>
    </Stack>
  );
}
