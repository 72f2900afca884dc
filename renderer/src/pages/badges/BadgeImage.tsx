/** A badge's picture in a circle: its thumbnail (or image) from a signed link, else a ribbon on a tint. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { RibbonFilled } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: {
    display: 'inline-grid',
    placeItems: 'center',
    flexShrink: 0,
    borderRadius: '50%',
    overflow: 'hidden',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  img: { width: '100%', height: '100%', objectFit: 'cover' },
});

export function BadgeImage({
  image,
  name,
  size = 48,
}: {
  image: { url: string; thumbnailUrl: string | null } | null;
  name: string;
  size?: number;
}) {
  const styles = useStyles();
  return (
    <span className={styles.root} style={{ width: size, height: size, fontSize: size / 2 }}>
      {image ? (
        <img className={styles.img} src={size > 128 ? image.url : (image.thumbnailUrl ?? image.url)} alt={name} />
      ) : (
        <RibbonFilled aria-label={name} />
      )}
    </span>
  );
}
