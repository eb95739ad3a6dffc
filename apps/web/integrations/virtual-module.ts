import type { AstroIntegration } from 'astro';

/**
 * An integration that puts `value` into the build as `export default <value>`, imported from
 * `id`: data read once in the config (Node, the file system) reaches the pages, including the
 * server entry, which has neither the source tree nor the packages the data came from.
 */
export function virtualModule(id: string, value: () => unknown): AstroIntegration {
  const resolved = `\0${id}`;
  return {
    name: `lantern-${id.replace(/^virtual:lantern\//, '')}`,
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: id,
                resolveId: (source: string) => (source === id ? resolved : undefined),
                load: (loaded: string) =>
                  loaded === resolved ? `export default ${JSON.stringify(value())};` : undefined,
              },
            ],
          },
        });
      },
    },
  };
}
