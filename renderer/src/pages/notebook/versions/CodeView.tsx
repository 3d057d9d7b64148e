import { ScrollArea, useComputedColorScheme } from '@mantine/core';
import { Highlight, themes } from 'prism-react-renderer';
import classes from './code.module.css';

/** Python code, highlighted in colours that keep a 4.5:1 contrast on the theme's background. */
export function CodeView({ code, label }: { code: string; label: string }) {
  const scheme = useComputedColorScheme('light');
  return (
    <Highlight code={code.replace(/\n$/, '')} language="python" theme={scheme === 'dark' ? themes.vsDark : themes.vsLight}>
      {({ style, tokens, getLineProps, getTokenProps }) => (
        <ScrollArea.Autosize mah="70vh" type="auto" className={classes.frame}>
          <pre className={classes.code} style={style} role="region" aria-label={label} tabIndex={0}>
            {tokens.map((line, index) => (
              <div key={index} {...getLineProps({ line })} className={classes.line}>
                <span className={classes.number} aria-hidden="true">
                  {index + 1}
                </span>
                <span>
                  {line.map((token, key) => (
                    <span key={key} {...getTokenProps({ token })} />
                  ))}
                </span>
              </div>
            ))}
          </pre>
        </ScrollArea.Autosize>
      )}
    </Highlight>
  );
}
