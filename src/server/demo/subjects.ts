/**
 * What the demo world is about: each subject is a topic, the theme of boards, the words of titles
 * and descriptions, fictional shops and blogs on the reserved `.example` domain, and a painter
 * (painters/) that draws recognisable pictures of it.
 */
export const SUBJECT_SLUGS = [
  'mountains',
  'ocean',
  'forests',
  'autumn',
  'desert',
  'winter',
  'flowers',
  'city-at-night',
  'interiors',
  'cars',
  'desserts',
  'coffee',
  'geometric-art',
  'space',
  'beauty',
  'fashion',
] as const;

export type SubjectSlug = (typeof SUBJECT_SLUGS)[number];

export type Subject = {
  slug: SubjectSlug;
  /** The topic's name (interests.name). */
  topic: string;
  /** How many members care for it, relative to the others. */
  popularity: number;
  boards: readonly string[];
  sections: readonly string[];
  adjectives: readonly string[];
  nouns: readonly string[];
  /** Sentences that describe a picture of the subject. */
  details: readonly string[];
  domains: readonly string[];
  /** Whether a few of its pins are videos (a slow pan over a painted scene). */
  video: boolean;
};

export const SUBJECTS: readonly Subject[] = [
  {
    slug: 'mountains',
    topic: 'Mountains',
    popularity: 1.4,
    video: true,
    boards: ['Mountain escapes', 'Peaks and trails', 'Alpine dreams', 'Hiking bucket list', 'High altitude'],
    sections: ['Alps', 'Rockies', 'Sunrise hikes', 'Huts and cabins'],
    adjectives: ['Misty', 'Snowy', 'Golden hour', 'Rugged', 'Quiet', 'Blue', 'Morning'],
    nouns: ['peaks', 'ridgeline', 'summit view', 'valley', 'mountain pass', 'range'],
    details: [
      'Layer after layer of ridges fading into the haze.',
      'Snow still clinging to the highest peaks.',
      'Worth the early start for this light.',
      'A trail that climbs above the tree line.',
    ],
    domains: ['trailnotes.example', 'summitgear.example'],
  },
  {
    slug: 'ocean',
    topic: 'Ocean',
    popularity: 1.3,
    video: true,
    boards: ['Ocean vibes', 'Coastal living', 'Salt water', 'Beach days', 'By the sea'],
    sections: ['Beaches', 'Sunsets', 'Waves', 'Islands'],
    adjectives: ['Turquoise', 'Calm', 'Wild', 'Sunlit', 'Deep blue', 'Endless'],
    nouns: ['waves', 'shoreline', 'horizon', 'lagoon', 'sea view', 'tide'],
    details: [
      'The sound of waves is the best soundtrack.',
      'Clear water all the way to the horizon.',
      'Low tide, warm sand and nobody around.',
      'Sunset colours on the water.',
    ],
    domains: ['coastalliving.example', 'surfshack.example'],
  },
  {
    slug: 'forests',
    topic: 'Forests',
    popularity: 1.1,
    video: true,
    boards: ['Into the woods', 'Forest bathing', 'Evergreen', 'Woodland walks'],
    sections: ['Pine forests', 'Misty mornings', 'Trails'],
    adjectives: ['Misty', 'Deep green', 'Ancient', 'Whispering', 'Shady', 'Mossy'],
    nouns: ['pines', 'woodland', 'forest path', 'clearing', 'treeline', 'grove'],
    details: [
      'Fog drifting between the pines.',
      'A walk here resets everything.',
      'Layers of trees as far as you can see.',
      'The quiet of a forest after rain.',
    ],
    domains: ['woodlandwalks.example', 'outdoorjournal.example'],
  },
  {
    slug: 'autumn',
    topic: 'Autumn',
    popularity: 1.0,
    video: false,
    boards: ['Autumn aesthetic', 'Fall colours', 'Cosy season', 'Hello October'],
    sections: ['Leaves', 'Fall walks', 'Harvest'],
    adjectives: ['Golden', 'Crisp', 'Rust', 'Amber', 'Cosy', 'Maple'],
    nouns: ['leaves', 'fall colours', 'maple', 'October afternoon', 'leaf pile', 'foliage'],
    details: ['Every shade of orange in one place.', 'Crunchy leaves and cold air.', 'The best weeks of the year.', 'Collected on a long afternoon walk.'],
    domains: ['cosyseason.example', 'harvesthome.example'],
  },
  {
    slug: 'desert',
    topic: 'Desert',
    popularity: 0.8,
    video: false,
    boards: ['Desert wanderlust', 'Sand and sun', 'Dunes', 'Southwest road trip'],
    sections: ['Dunes', 'Cacti', 'Road trip stops'],
    adjectives: ['Sun-baked', 'Golden', 'Endless', 'Silent', 'Warm', 'Wind-shaped'],
    nouns: ['dunes', 'sand sea', 'cactus garden', 'mesa', 'desert sky', 'canyon'],
    details: ['Wind-shaped dunes in the late light.', 'Nothing but sand and sky.', 'Cacti standing guard over the road.', 'Hot days and cold, starry nights.'],
    domains: ['roadtripper.example', 'desertbloom.example'],
  },
  {
    slug: 'winter',
    topic: 'Winter',
    popularity: 0.9,
    video: false,
    boards: ['Winter wonderland', 'Snow days', 'Frosty mornings', 'Cabin season'],
    sections: ['Snowy landscapes', 'Cabins', 'Frost'],
    adjectives: ['Frosty', 'Snowy', 'Icy', 'Silent', 'Pale', 'Crisp'],
    nouns: ['snowfield', 'winter forest', 'frozen lake', 'snow day', 'hills', 'first snow'],
    details: ['Fresh snow on every branch.', 'Cold, still and perfectly quiet.', 'Hot chocolate weather.', 'A blanket of white over the hills.'],
    domains: ['snowdays.example', 'cabinlife.example'],
  },
  {
    slug: 'flowers',
    topic: 'Flowers',
    popularity: 1.3,
    video: true,
    boards: ['Flower power', 'Garden inspiration', 'Blooms', 'Floral crush', 'Wildflowers'],
    sections: ['Roses', 'Wildflowers', 'Bouquets', 'Garden beds'],
    adjectives: ['Blooming', 'Pastel', 'Wild', 'Spring', 'Vivid', 'Delicate'],
    nouns: ['blooms', 'petals', 'flower bed', 'bouquet', 'garden', 'meadow'],
    details: ['Colour everywhere you look.', 'Planting these next spring.', 'A bouquet that lasted all week.', 'Petals in every shade of pink.'],
    domains: ['petalandstem.example', 'gardenplanner.example'],
  },
  {
    slug: 'city-at-night',
    topic: 'City at night',
    popularity: 1.1,
    video: true,
    boards: ['City lights', 'After dark', 'Skylines', 'Urban nights'],
    sections: ['Skylines', 'Streets', 'Rooftops'],
    adjectives: ['Neon', 'Midnight', 'Glowing', 'Electric', 'Late night', 'Sleepless'],
    nouns: ['skyline', 'city lights', 'downtown', 'towers', 'night view', 'rooftops'],
    details: ['Every window a different story.', 'The city never really sleeps.', 'Lights reflected in the river.', 'Shot from a rooftop after midnight.'],
    domains: ['citywalker.example', 'nightphoto.example'],
  },
  {
    slug: 'interiors',
    topic: 'Interior design',
    popularity: 1.5,
    video: false,
    boards: ['Dream home', 'Living room ideas', 'Cosy corners', 'Interior inspo', 'Home decor'],
    sections: ['Living room', 'Bedroom', 'Plants', 'Colour palettes'],
    adjectives: ['Cosy', 'Minimal', 'Sunny', 'Warm', 'Scandinavian', 'Earthy'],
    nouns: ['living room', 'reading nook', 'sofa corner', 'lounge', 'studio', 'home office'],
    details: [
      'Warm wood, soft light and plenty of plants.',
      'That wall colour though.',
      'A corner made for slow Sunday mornings.',
      'Simple furniture, lots of light.',
    ],
    domains: ['nestandnook.example', 'homeshop.example', 'loftliving.example'],
  },
  {
    slug: 'cars',
    topic: 'Cars',
    popularity: 0.8,
    video: false,
    boards: ['Dream cars', 'Classic cars', 'Road trip rides', 'Car spotting'],
    sections: ['Classics', 'Colours', 'Road trips'],
    adjectives: ['Vintage', 'Cherry red', 'Sleek', 'Classic', 'Retro', 'Sunset'],
    nouns: ['coupe', 'roadster', 'classic car', 'cruiser', 'ride', 'hatchback'],
    details: ['They do not make them like this any more.', 'Perfect for a coast road.', 'That colour is everything.', 'Spotted on a quiet street.'],
    domains: ['classicgarage.example', 'motorjournal.example'],
  },
  {
    slug: 'desserts',
    topic: 'Desserts',
    popularity: 1.2,
    video: false,
    boards: ['Sweet treats', 'Baking ideas', 'Dessert goals', 'Cake inspiration'],
    sections: ['Cakes', 'Cupcakes', 'Macarons', 'Party desserts'],
    adjectives: ['Pastel', 'Layered', 'Strawberry', 'Chocolate', 'Easy', 'Party'],
    nouns: ['cake', 'cupcakes', 'macarons', 'layer cake', 'sweet treat', 'dessert table'],
    details: [
      'Surprisingly easy to make at home.',
      'Made these for a birthday and they vanished.',
      'Soft sponge, lots of frosting.',
      'Pastel colours for a spring party.',
    ],
    domains: ['sugarandspoon.example', 'bakebook.example'],
  },
  {
    slug: 'coffee',
    topic: 'Coffee',
    popularity: 1.0,
    video: false,
    boards: ['Coffee time', 'But first coffee', 'Latte art', 'Cafe hopping'],
    sections: ['Latte art', 'Cafes', 'Brewing'],
    adjectives: ['Morning', 'Creamy', 'Slow', 'Perfect', 'Weekend', 'Velvety'],
    nouns: ['latte', 'flat white', 'cappuccino', 'coffee break', 'pour', 'cup of coffee'],
    details: ['The first cup is always the best.', 'Latte art practice is paying off.', 'Slow mornings at the cafe.', 'Beans from a tiny local roaster.'],
    domains: ['roastery.example', 'brewguide.example'],
  },
  {
    slug: 'geometric-art',
    topic: 'Geometric art',
    popularity: 0.9,
    video: true,
    boards: ['Geometric art', 'Bauhaus', 'Shapes and colour', 'Graphic prints'],
    sections: ['Prints', 'Colour studies', 'Patterns'],
    adjectives: ['Bold', 'Bauhaus', 'Modernist', 'Playful', 'Graphic', 'Balanced'],
    nouns: ['composition', 'print', 'pattern', 'poster', 'colour study', 'grid'],
    details: [
      'Circles, squares and a strong palette.',
      'Would look great framed above the desk.',
      'A study in balance and colour.',
      'Simple shapes, endless combinations.',
    ],
    domains: ['printshop.example', 'gridstudio.example'],
  },
  {
    slug: 'space',
    topic: 'Space',
    popularity: 0.9,
    video: true,
    boards: ['Space is cool', 'Cosmos', 'Stargazing', 'Galaxies'],
    sections: ['Planets', 'Nebulae', 'Night sky'],
    adjectives: ['Cosmic', 'Distant', 'Starry', 'Glowing', 'Deep', 'Violet'],
    nouns: ['nebula', 'planet', 'night sky', 'galaxy', 'stars', 'ringed world'],
    details: ['Imagine how far away this is.', 'Clouds of gas lit by new stars.', 'Perfect wallpaper for a dark screen.', 'Stargazing goals for the summer.'],
    domains: ['stargazer.example', 'cosmosdaily.example'],
  },
  {
    slug: 'beauty',
    topic: 'Beauty',
    popularity: 0.9,
    video: false,
    boards: ['Makeup looks', 'Beauty routine', 'Nail art', 'Hair and makeup', 'Glow up'],
    sections: ['Lips', 'Eyes', 'Nails', 'Skincare'],
    adjectives: ['Rosy', 'Glowing', 'Bold', 'Natural', 'Soft glam', 'Dewy', 'Berry'],
    nouns: ['makeup look', 'lipstick', 'nail art', 'manicure', 'skincare routine', 'eyeliner', 'blush'],
    details: [
      'A colour that works on every skin tone.',
      'Five minutes in the morning, done.',
      'Bold lips for a night out.',
      'Trying this look for the weekend.',
    ],
    domains: ['glowbar.example', 'lipstickdiaries.example'],
  },
  {
    slug: 'fashion',
    topic: 'Fashion',
    popularity: 0.9,
    video: false,
    boards: ['Outfit ideas', 'Street style', 'Wardrobe goals', 'What to wear', 'Summer outfits'],
    sections: ['Summer', 'Workwear', 'Weekend', 'Colour blocking'],
    adjectives: ['Summer', 'Colourful', 'Minimal', 'Weekend', 'Street', 'Effortless', 'Bright'],
    nouns: ['outfit', 'summer dress', 'street style', 'skirt', 'capsule wardrobe', 'colour blocking outfit'],
    details: [
      'Easy pieces that go with everything.',
      'Bright colours for warm days.',
      'Outfit of the day, straight from the closet.',
      'Saving this for the next holiday.',
    ],
    domains: ['closetnotes.example', 'wearitwell.example'],
  },
];

export function subjectOf(slug: SubjectSlug): Subject {
  const subject = SUBJECTS.find((s) => s.slug === slug);
  if (!subject) throw new Error(`Unknown subject ${slug}`);
  return subject;
}
