import type { StoryPinInputFields } from '../../shared/story-pin.ts';
import type { PlannedBoard } from './plan.ts';
import { itemAt, type Random } from './random.ts';
import type { SubjectSlug } from './subjects.ts';

/**
 * Story pins of the demo world: recipes and guides step by step, each page a picture painted for
 * its subject (or a coloured page of words), told by the owner of a public board of that subject.
 */

type Script = {
  subject: SubjectSlug;
  template: 'recipe' | 'diy';
  title: string;
  description: string;
  facts: [key: string, value: string][];
  list: { heading: string; items: string[] };
  steps: [heading: string, text: string][];
};

const SCRIPTS: readonly Script[] = [
  {
    subject: 'desserts',
    template: 'recipe',
    title: 'Chocolate layer cake, step by step',
    description: 'A soft two-layer cake with a glossy ganache. Swipe through the steps.',
    facts: [
      ['Serves', '10'],
      ['Prep', '30 min'],
      ['Bake', '35 min'],
    ],
    list: { heading: 'Ingredients', items: ['250 g flour', '200 g sugar', '60 g cocoa', '3 eggs', '250 ml milk', '200 g dark chocolate', '200 ml cream'] },
    steps: [
      ['Mix the dry ingredients', 'Sift flour, sugar and cocoa into a large bowl.'],
      ['Add the wet ones', 'Whisk in eggs and milk until the batter is smooth.'],
      ['Bake', '35 minutes at 180 °C, then cool completely.'],
      ['Make the ganache', 'Pour hot cream over the chocolate and stir until glossy.'],
      ['Stack and pour', 'Layer the cakes and let the ganache run down the sides.'],
    ],
  },
  {
    subject: 'coffee',
    template: 'recipe',
    title: 'Pour-over coffee at home',
    description: 'Four minutes to a clean, bright cup. Here is how.',
    facts: [
      ['Makes', '1 cup'],
      ['Time', '4 min'],
    ],
    list: { heading: 'You need', items: ['18 g coffee, medium-fine', '300 g water at 94 °C', 'A paper filter and dripper'] },
    steps: [
      ['Rinse the filter', 'Hot water through the paper warms the dripper too.'],
      ['Bloom', 'Wet the grounds with 40 g of water and wait 30 seconds.'],
      ['Pour in circles', 'Add the rest slowly, keeping the bed level.'],
      ['Enjoy', 'The drip should finish around the four-minute mark.'],
    ],
  },
  {
    subject: 'geometric-art',
    template: 'diy',
    title: 'Paint a geometric wall print',
    description: 'Masking tape, three colours and an afternoon: a print for any wall.',
    facts: [
      ['Time', '3 hours'],
      ['Level', 'Easy'],
    ],
    list: { heading: 'Supplies', items: ['Heavy paper, A3', 'Masking tape', 'Three acrylic colours', 'A flat brush'] },
    steps: [
      ['Tape the shapes', 'Divide the sheet into triangles with masking tape.'],
      ['Paint in layers', 'One colour at a time; let each dry before the next.'],
      ['Peel slowly', 'Pull the tape away at a low angle for crisp edges.'],
      ['Frame it', 'A simple white frame lets the colours speak.'],
    ],
  },
  {
    subject: 'flowers',
    template: 'diy',
    title: 'Plant a windowsill flower box',
    description: 'Colour at the window all summer, from one box and a few plants.',
    facts: [
      ['Time', '1 hour'],
      ['Best in', 'Spring'],
    ],
    list: { heading: 'Supplies', items: ['A window box with drainage holes', 'Potting compost', 'Five bedding plants', 'A handful of gravel'] },
    steps: [
      ['Drain it well', 'A layer of gravel keeps the roots out of standing water.'],
      ['Fill and firm', 'Compost to two fingers below the rim.'],
      ['Plant tall at the back', 'Trailing plants go in front, over the edge.'],
      ['Water deeply', 'Then every other day in warm weather.'],
    ],
  },
  {
    subject: 'interiors',
    template: 'diy',
    title: 'Style a cosy reading corner',
    description: 'A chair, a lamp and a few textures turn an empty corner into the best seat in the house.',
    facts: [
      ['Budget', 'Low'],
      ['Time', 'An afternoon'],
    ],
    list: { heading: 'Supplies', items: ['A deep armchair', 'A warm floor lamp', 'A throw and two cushions', 'A small side table'] },
    steps: [
      ['Pick the corner', 'Near a window for daylight, away from the door.'],
      ['Light it warm', 'A lamp at shoulder height, 2700 K bulb.'],
      ['Layer textures', 'Wool, linen and a rug underfoot.'],
      ['Keep books close', 'A small stack on the side table invites you in.'],
    ],
  },
  {
    subject: 'desserts',
    template: 'recipe',
    title: 'Lemon cupcakes in five steps',
    description: 'Zesty sponge, a cloud of lemon frosting.',
    facts: [
      ['Makes', '12'],
      ['Prep', '20 min'],
      ['Bake', '18 min'],
    ],
    list: { heading: 'Ingredients', items: ['175 g butter', '175 g sugar', '3 eggs', '175 g self-raising flour', '2 lemons', '300 g icing sugar'] },
    steps: [
      ['Cream', 'Beat butter and sugar until pale.'],
      ['Fold', 'Add eggs, flour and the zest of both lemons.'],
      ['Bake', '18 minutes at 180 °C.'],
      ['Frost', 'Lemon juice and icing sugar whipped with butter.'],
      ['Serve', 'A curl of zest on top.'],
    ],
  },
];

/** Soft page colours for the words-only pages. */
const PAGE_COLOURS = ['#FDE2E4', '#E2ECE9', '#FFF1E6', '#DFE7FD', '#F0EFEB'] as const;

export type PlannedStory = {
  board: number;
  creator: number;
  subject: SubjectSlug;
  title: string;
  description: string;
  /** The painter's seed of each page's picture, null for a page of words on a colour. */
  pictures: (string | null)[];
  /** The story as the pin builder would send it, media ids to be filled in page by page. */
  story: StoryPinInputFields;
};

function storyOf(script: Script, random: Random): StoryPinInputFields {
  const colour = random.pick(PAGE_COLOURS);
  const cover = { blocks: [{ type: 'heading' as const, text: script.title, size: 40, vertical: 'bottom' as const, align: 'left' as const }] };
  const steps = script.steps.map(([heading, text], i) => ({
    layout: 'fill' as const,
    blocks: [
      { type: 'heading' as const, text: `${String(i + 1)}. ${heading}`, vertical: 'top' as const },
      { type: 'paragraph' as const, text, vertical: 'bottom' as const, size: 22 },
    ],
  }));
  const listType = script.template === 'recipe' ? ('ingredient' as const) : ('supply' as const);
  const list = { background_color: colour, blocks: [{ type: listType, heading: script.list.heading, items: script.list.items, vertical: 'center' as const }] };
  return {
    pages: [cover, list, ...steps],
    metadata: {
      pin_title: script.title,
      template_type: script.template,
      basics: { key_value_blocks: script.facts.map(([key, value]) => ({ key, value })), list_blocks: [script.list] },
    },
  };
}

/** `count` stories, the scripts in turn, each on a public board of its subject (any public board if none). */
export function planStories(random: Random, boards: readonly PlannedBoard[], count: number): PlannedStory[] {
  const open = boards.flatMap((board, index) => (board.privacy === 'public' ? [{ board, index }] : []));
  if (open.length === 0) return [];
  return Array.from({ length: count }, (_, i) => {
    const script = itemAt(SCRIPTS, i % SCRIPTS.length);
    const own = random.fork(`story/${String(i)}`);
    const themed = open.filter((b) => b.board.subject === script.subject);
    const home = own.pick(themed.length > 0 ? themed : open);
    const story = storyOf(script, own);
    // Every page has a picture but the list, which is words on a colour.
    const pictures = story.pages.map((page, p) => (page.background_color ? null : `story/${String(i)}/${String(p)}`));
    return { board: home.index, creator: home.board.owner, subject: script.subject, title: script.title, description: script.description, pictures, story };
  });
}
